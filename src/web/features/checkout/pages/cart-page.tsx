import { pages } from '@contract/pages';
import type { PricedLine } from '@contract/pricing';
import { formatNumber } from '@web/lib/format';
import { useCart } from '@web/shared/cart/use-cart';
import { useActiveVehicle } from '@web/shared/catalog/product-fit';
import { OrderSummary } from '@web/shared/pricing/order-summary';
import { useState } from 'react';
import { Link } from 'react-router';
import { useDiscountCode } from '../api/discount-code';
import { CartLineFit } from '../components/cart-line-fit';
import { CartLineItem } from '../components/cart-line-item';
import { CartLoading } from '../components/cart-loading';
import { DiscountCodeField } from '../components/discount-code-field';
import { ShippingPreview } from '../components/shipping-preview';

/** /cart: the lines, their money as the server priced it, and the way to checkout. */
export function CartPage() {
  const code = useDiscountCode();
  const { cart, query, signedIn, setQuantity, remove, add } = useCart(code ? { code } : {});
  const { vehicle } = useActiveVehicle();
  const [lineErrors, setLineErrors] = useState<Record<string, string>>({});
  const [removed, setRemoved] = useState<PricedLine | null>(null);
  const busy = setQuantity.isPending || remove.isPending || add.isPending;

  const changeQuantity = (line: PricedLine, quantity: number) =>
    setQuantity.mutate(
      { productId: line.productId, quantity },
      {
        onSuccess: () => setLineErrors(({ [line.productId]: _, ...rest }) => rest),
        onError: (error) => setLineErrors((all) => ({ ...all, [line.productId]: error.message })),
      },
    );
  // Removing is undone from the notice it leaves, rather than asked about first.
  const removeLine = (line: PricedLine) =>
    remove.mutate({ productId: line.productId }, { onSuccess: () => setRemoved(line) });
  const undo = (line: PricedLine) =>
    add.mutate({ productId: line.productId, quantity: line.quantity }, { onSuccess: () => setRemoved(null) });

  const lines = cart?.lines ?? [];
  const hasProblems = lines.some((l) => l.problem);

  return (
    <div className="space-y-6 py-4">
      <h1 className="text-3xl font-bold">Your cart</h1>
      {removed ? (
        <div role="status" className="alert flex flex-wrap">
          <span className="min-w-0 break-words">Removed {removed.name} from your cart.</span>
          <button type="button" className="btn btn-sm" onClick={() => undo(removed)} disabled={busy}>
            Undo
          </button>
        </div>
      ) : null}
      {add.isError ? (
        <p role="alert" className="text-error">
          {add.error.message}
        </p>
      ) : null}
      {cart === undefined ? (
        <CartLoading error={query.isError ? query.error : null} retry={() => void query.refetch()} />
      ) : lines.length === 0 ? (
        <div className="space-y-4 py-10 text-center" data-testid="cart-empty">
          <p className="text-lg">Your cart is empty.</p>
          <Link to={pages.tools.path} className="btn btn-primary">
            Browse tools
          </Link>
        </div>
      ) : (
        <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <section aria-label="Cart lines">
            <p className="text-sm text-base-content/70">
              {formatNumber(cart?.itemCount ?? 0)} {cart?.itemCount === 1 ? 'item' : 'items'}
            </p>
            <ul>
              {lines.map((line) => (
                <CartLineItem
                  key={line.productId}
                  line={line}
                  busy={busy}
                  error={lineErrors[line.productId] ?? null}
                  onQuantity={(quantity) => changeQuantity(line, quantity)}
                  onRemove={() => removeLine(line)}
                  fit={vehicle ? <CartLineFit productId={line.productId} vehicle={vehicle} /> : null}
                />
              ))}
            </ul>
          </section>
          {cart ? (
            <aside
              aria-label="Summary"
              className="card h-fit border border-base-300 bg-base-100 lg:sticky lg:top-20"
            >
              <div className="card-body gap-4">
                <OrderSummary totals={cart.totals} discount={cart.discount} estimated />
                <DiscountCodeField
                  verdict={cart.codeVerdict}
                  pending={query.isPlaceholderData || (Boolean(code) && cart.codeVerdict?.code !== code)}
                />
                <ShippingPreview quote={cart} />
                {hasProblems ? (
                  <p className="text-sm text-error">Fix the lines marked above to check out.</p>
                ) : null}
                {hasProblems ? (
                  <button type="button" className="btn btn-primary btn-block" disabled>
                    Checkout
                  </button>
                ) : signedIn ? (
                  <Link to={pages.checkout.path} className="btn btn-primary btn-block">
                    Checkout
                  </Link>
                ) : (
                  <>
                    <Link
                      to={pages.login.path}
                      state={{ from: pages.checkout.path }}
                      className="btn btn-primary btn-block"
                    >
                      Sign in to check out
                    </Link>
                    <Link to={pages.guestCheckout.path} className="btn btn-outline btn-block">
                      Continue as a guest
                    </Link>
                    <p className="text-sm text-base-content/70">
                      Signing in brings your cart with you; as a guest you only give an e-mail address.
                    </p>
                  </>
                )}
                <Link to={pages.tools.path} className="link text-center text-sm">
                  Continue shopping
                </Link>
              </div>
            </aside>
          ) : null}
        </div>
      )}
    </div>
  );
}
