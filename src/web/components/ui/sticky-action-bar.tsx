import type { ReactNode } from 'react';

/**
 * A page's main action, kept in reach on a phone: it sticks to the bottom of the screen while its
 * column is in view, so a long description does not have to be scrolled past first. From the
 * large-screen layout on it sits in place, where it is already in view.
 */
export function StickyActionBar({ children }: { children: ReactNode }) {
  return (
    <div
      data-testid="sticky-action-bar"
      className="sticky bottom-0 z-20 -mx-4 flex items-center gap-3 border-t border-base-300 bg-base-100 px-4 py-3 lg:static lg:mx-0 lg:border-0 lg:bg-transparent lg:p-0"
    >
      {children}
    </div>
  );
}
