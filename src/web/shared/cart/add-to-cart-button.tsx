import { pages } from '@contract/pages';
import { formatNumber } from '@web/lib/format';
import { useId } from 'react';
import { Link } from 'react-router';
import { useAddToCart } from './use-cart';

export interface CartableProduct {
  _id: string;
  name: string;
  minimum_order_quantity: number;
  available_quantity: number;
}

/**
 * "Add to cart" for one product: `quantity` units (the product's minimum unless the page lets the
 * buyer choose). The store's refusal (below the minimum, above the stock) is shown as it says it;
 * a success says so beside the button with a link to the cart.
 */
export function AddToCartButton({
  tool,
  quantity = tool.minimum_order_quantity,
  className = 'btn btn-outline btn-block',
}: {
  tool: CartableProduct;
  quantity?: number;
  className?: string;
}) {
  const add = useAddToCart();
  const statusId = useId();
  const soldOut = tool.available_quantity < tool.minimum_order_quantity;
  const added = add.isSuccess ? add.variables : undefined;
  return (
    <div className="w-full space-y-1">
      <button
        type="button"
        className={className}
        disabled={soldOut || add.isPending}
        aria-describedby={statusId}
        aria-label={`${soldOut ? 'Out of stock' : 'Add to cart'}: ${tool.name}`}
        onClick={() => add.mutate({ productId: tool._id, quantity })}
      >
        {add.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
        {soldOut ? 'Out of stock' : 'Add to cart'}
      </button>
      <div id={statusId} aria-live="polite" className="text-sm">
        {added ? (
          <p role="status">
            Added {formatNumber(added.quantity)} to your cart.{' '}
            <Link to={pages.cart.path} className="link font-semibold">
              View cart
            </Link>
          </p>
        ) : add.isError ? (
          <p role="alert" className="text-error">
            {add.error.message}
          </p>
        ) : null}
      </div>
    </div>
  );
}
