import { type RefObject, useEffect } from 'react';

/**
 * While `open`, Escape closes and puts the keyboard focus back on what opened it (`returnTo`), so
 * a keyboard user is never left on a control that has just disappeared.
 */
export function useEscapeToClose(open: boolean, close: () => void, returnTo: RefObject<HTMLElement | null>) {
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      close();
      returnTo.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, close, returnTo]);
}
