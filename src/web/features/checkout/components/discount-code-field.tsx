import type { CodeVerdict } from '@contract/discounts';
import { type KeyboardEvent, useId, useState } from 'react';
import { useDiscountCode, writeDiscountCode } from '../api/discount-code';

/**
 * Where a buyer enters a discount code, in the cart and at checkout. It is not a form of its own
 * (the checkout around it is one): Enter in the box applies the code instead of placing the order.
 * What the code is worth, or why it does not apply, is the server's answer (`verdict`).
 */
export function DiscountCodeField({
  verdict,
  pending = false,
  disabled = false,
}: {
  verdict: CodeVerdict | null | undefined;
  /** The cart is being priced again with the code. */
  pending?: boolean;
  disabled?: boolean;
}) {
  const code = useDiscountCode();
  const [typed, setTyped] = useState(code);
  const inputId = useId();
  const messageId = useId();
  const apply = () => {
    const next = typed.trim();
    if (next) writeDiscountCode(next);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    apply();
  };
  const remove = () => {
    setTyped('');
    writeDiscountCode('');
  };
  const shown = code && verdict?.code === code && !pending ? verdict : null;

  return (
    <div className="space-y-2" data-testid="discount-code">
      <label htmlFor={inputId} className="block text-sm font-medium">
        Discount code
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          className="input input-bordered input-sm min-w-0 flex-1 uppercase"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onKeyDown={onKeyDown}
          autoComplete="off"
          spellCheck={false}
          maxLength={40}
          disabled={disabled}
          aria-describedby={shown ? messageId : undefined}
          aria-invalid={shown ? !shown.applied : undefined}
        />
        <button
          type="button"
          className="btn btn-sm"
          onClick={apply}
          disabled={disabled || !typed.trim() || (typed.trim().toUpperCase() === code && pending)}
        >
          Apply
        </button>
      </div>
      {code && pending ? (
        <p className="text-sm text-base-content/70" role="status">
          Checking code {code}…
        </p>
      ) : null}
      {shown ? (
        <div className="flex flex-wrap items-start justify-between gap-2">
          <p
            id={messageId}
            role={shown.applied ? 'status' : 'alert'}
            className={`min-w-0 break-words text-sm ${shown.applied ? 'font-medium' : 'text-error'}`}
          >
            {shown.message}
          </p>
          <button type="button" className="btn btn-ghost btn-xs" onClick={remove} disabled={disabled}>
            Remove code
          </button>
        </div>
      ) : null}
    </div>
  );
}
