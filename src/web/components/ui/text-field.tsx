import { type ComponentPropsWithoutRef, forwardRef, type ReactNode, useId } from 'react';

/** Label above, control, and the error under it, announced with the control (aria-describedby). */
function Field({
  label,
  error,
  children,
}: {
  label: string;
  error: string | undefined;
  children: (ids: { id: string; describedBy: string | undefined }) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="fieldset">
      <label htmlFor={id} className="fieldset-legend">
        {label}
      </label>
      {children({ id, describedBy: error ? errorId : undefined })}
      {error ? (
        <p id={errorId} className="text-error text-sm" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type Props = ComponentPropsWithoutRef<'input'> & { label: string; error?: string };

export const TextField = forwardRef<HTMLInputElement, Props>(function TextField(
  { label, error, className, ...input },
  ref,
) {
  return (
    <Field label={label} error={error}>
      {({ id, describedBy }) => (
        <input
          ref={ref}
          id={id}
          className={`input w-full ${error ? 'input-error' : ''} ${className ?? ''}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...input}
        />
      )}
    </Field>
  );
});

type AreaProps = ComponentPropsWithoutRef<'textarea'> & { label: string; error?: string };

export const TextAreaField = forwardRef<HTMLTextAreaElement, AreaProps>(function TextAreaField(
  { label, error, className, ...textarea },
  ref,
) {
  return (
    <Field label={label} error={error}>
      {({ id, describedBy }) => (
        <textarea
          ref={ref}
          id={id}
          className={`textarea w-full ${error ? 'textarea-error' : ''} ${className ?? ''}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...textarea}
        />
      )}
    </Field>
  );
});
