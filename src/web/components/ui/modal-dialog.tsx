import { type ReactNode, useEffect, useId, useRef } from 'react';

/**
 * A modal window on the native <dialog>: while open it keeps the focus inside, Escape closes it
 * and the focus goes back to what opened it. `initialFocus` names the control to start on (a
 * CSS selector inside the dialog); otherwise the browser picks the first focusable one.
 */
export function ModalDialog({
  open,
  title,
  onClose,
  initialFocus,
  children,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  initialFocus?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      if (initialFocus) dialog.querySelector<HTMLElement>(initialFocus)?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open, initialFocus]);
  return (
    <dialog ref={ref} className="modal" aria-labelledby={titleId} onClose={onClose}>
      <div className="modal-box">
        <h2 id={titleId} className="text-lg font-bold">
          {title}
        </h2>
        {children}
      </div>
    </dialog>
  );
}
