import { type ComponentPropsWithoutRef, forwardRef, useId } from 'react';

type Props = ComponentPropsWithoutRef<'input'> & { label: string; error?: string };

/** A labelled input whose error sits under it and is announced with it (aria-describedby). */
export const TextField = forwardRef<HTMLInputElement, Props>(function TextField(
  { label, error, className, ...input },
  ref,
) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="fieldset">
      <label htmlFor={id} className="fieldset-legend">
        {label}
      </label>
      <input
        ref={ref}
        id={id}
        className={`input w-full ${error ? 'input-error' : ''} ${className ?? ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {error ? (
        <p id={errorId} className="text-error text-sm" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
});

type AreaProps = ComponentPropsWithoutRef<'textarea'> & { label: string; error?: string };

export const TextAreaField = forwardRef<HTMLTextAreaElement, AreaProps>(function TextAreaField(
  { label, error, className, ...textarea },
  ref,
) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="fieldset">
      <label htmlFor={id} className="fieldset-legend">
        {label}
      </label>
      <textarea
        ref={ref}
        id={id}
        className={`textarea w-full ${error ? 'textarea-error' : ''} ${className ?? ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...textarea}
      />
      {error ? (
        <p id={errorId} className="text-error text-sm" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
});
