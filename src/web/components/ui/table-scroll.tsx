import type { ReactNode } from 'react';

/**
 * The box a wide table scrolls sideways in on a phone. It can take the keyboard's focus (and says
 * what it holds), so someone without a mouse or touch screen can scroll it with the arrow keys.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard
      tabIndex={0}
      className="overflow-x-auto rounded-box border border-base-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-700"
    >
      {children}
    </section>
  );
}
