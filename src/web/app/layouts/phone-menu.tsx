import { useEscapeToClose } from '@web/lib/use-escape-to-close';
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * The navigation's menu on a phone: a button that says whether it is open (aria-expanded) and a
 * list under it. Escape, a click elsewhere, the focus leaving it or a new page close it; Escape
 * gives the focus back to the button.
 */
export function PhoneMenu({ children }: { children: (close: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const listId = useId();
  const { pathname } = useLocation();
  const close = useCallback(() => setOpen(false), []);
  useEscapeToClose(open, close, button);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page (pathname) closes the menu
  useEffect(close, [pathname, close]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    const onFocusOut = (event: FocusEvent) => {
      if (event.relatedTarget && !box.current?.contains(event.relatedTarget as Node)) setOpen(false);
    };
    const current = box.current;
    document.addEventListener('pointerdown', onPointer);
    current?.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      current?.removeEventListener('focusout', onFocusOut);
    };
  }, [open]);

  return (
    <div ref={box} className="relative lg:hidden">
      <button
        ref={button}
        type="button"
        className="btn btn-ghost btn-square"
        aria-label="Open menu"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((was) => !was)}
      >
        <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor">
          <path strokeLinecap="round" strokeWidth="2" d="M4 6h16M4 12h16M4 18h16" />
        </svg>
      </button>
      <ul
        id={listId}
        hidden={!open}
        className="menu absolute left-0 top-full z-40 mt-3 w-56 rounded-box bg-base-100 p-2 shadow-lg"
      >
        {children(close)}
      </ul>
    </div>
  );
}
