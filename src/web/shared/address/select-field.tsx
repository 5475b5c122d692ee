import { type ComponentPropsWithoutRef, forwardRef, useId } from 'react';

type Props = ComponentPropsWithoutRef<'select'> & { label: string; error?: string };

/** A labelled select with its error under it, announced with it, as TextField does for inputs. */
export const SelectField = forwardRef<HTMLSelectElement, Props>(function SelectField(
  { label, error, className, children, ...select },
  ref,
) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="fieldset">
      <label htmlFor={id} className="fieldset-legend">
        {label}
      </label>
      <select
        ref={ref}
        id={id}
        className={`select w-full ${error ? 'select-error' : ''} ${className ?? ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...select}
      >
        {children}
      </select>
      {error ? (
        <p id={errorId} className="text-error text-sm" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
});
