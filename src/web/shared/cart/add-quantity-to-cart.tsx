import { useId, useState } from 'react';
import { AddToCartButton, type CartableProduct } from './add-to-cart-button';

/** The product page's "Add to cart": how many (from the product's minimum), then the button. */
export function AddQuantityToCart({ tool }: { tool: CartableProduct }) {
  const id = useId();
  const [typed, setTyped] = useState(String(tool.minimum_order_quantity));
  // Whatever is typed goes to the store, which answers with its own rule when it is not a quantity.
  const quantity = /^\d{1,9}$/.test(typed.trim()) ? Number(typed.trim()) : 0;
  return (
    <section
      aria-label="Add to cart"
      className="flex flex-wrap items-end gap-3 rounded-box border border-base-300 p-3"
    >
      <div className="fieldset w-28">
        <label htmlFor={id} className="fieldset-legend">
          Cart quantity
        </label>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          className="input w-full"
          min={tool.minimum_order_quantity}
          max={tool.available_quantity}
          step={1}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
      </div>
      <div className="min-w-48 flex-1">
        <AddToCartButton tool={tool} quantity={quantity} className="btn btn-outline btn-block" />
      </div>
    </section>
  );
}
