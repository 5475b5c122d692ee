import type { ReactNode } from 'react';

/** A form's submit button that shows a spinner and stays disabled while the form is busy. */
export function SubmitButton({
  busy,
  disabled = false,
  className = '',
  children,
}: {
  busy: boolean;
  disabled?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button type="submit" className={`btn btn-primary ${className}`} disabled={busy || disabled}>
      {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

/** A failure the form cannot pin on one field (the provider's message), in red and announced. */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p className="text-error text-sm" role="alert">
      {message}
    </p>
  );
}
