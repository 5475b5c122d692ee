import { pages } from '@contract/pages';
import { OnAccountRow } from '@web/shared/payment/on-account-amounts';
import { SimulatedCardFields } from '@web/shared/payment/simulated-card-fields';
import { OrderSummary } from '@web/shared/pricing/order-summary';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import type { Purchase } from '../api/use-purchase';
import { CartLoading } from './cart-loading';
import { DiscountCodeField } from './discount-code-field';
import { ShippingMethodChoice } from './shipping-method-choice';
import { SummaryLines } from './summary-lines';

/**
 * The body of both checkouts (decision 085): the buyer's fieldsets (`children`: a guest's e-mail,
 * a customer's saved addresses, the address), the shipping method, the card, and the summary
 * with its discount code and one "Place order and pay". An empty cart says so instead.
 */
export function PurchaseForm({
  purchase,
  label,
  testMode,
  credit,
  children,
}: {
  purchase: Purchase;
  /** The form's name for screen readers ("Checkout", "Guest checkout"). */
  label: string;
  testMode: boolean;
  /**
   * A customer's store credit choice (decision 100) and, for a trade account with terms, card or
   * on account (decision 102), above the card; none for a guest.
   */
  credit?: ReactNode;
  children: ReactNode;
}) {
  const paymentHeading = useId();
  const { cart, query, code, placedOrder, lines, shown, locked, busy, shippingProblem, hasProblems } =
    purchase;
  if (!placedOrder && cart === undefined) {
    return <CartLoading error={query.isError ? query.error : null} retry={() => void query.refetch()} />;
  }
  if (!placedOrder && lines.length === 0) {
    return (
      <div className="space-y-4 py-10 text-center" data-testid="checkout-empty">
        <p className="text-lg">Your cart is empty.</p>
        <Link to={pages.tools.path} className="btn btn-primary">
          Browse tools
        </Link>
      </div>
    );
  }
  return (
    <form
      ref={purchase.formRef}
      onSubmit={purchase.onSubmit}
      noValidate
      aria-label={label}
      className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem]"
    >
      <div className="min-w-0 space-y-8">
        {children}
        {cart ? (
          <ShippingMethodChoice
            options={cart.shippingOptions}
            value={purchase.chosen}
            disabled={locked}
            onChange={purchase.setMethod}
            problem={shippingProblem}
          />
        ) : null}
        <section aria-labelledby={paymentHeading} className="space-y-2">
          <h2 id={paymentHeading} className="text-xl font-semibold">
            Payment
          </h2>
          {credit}
          {purchase.onAccountCents > 0 ? (
            <p className="text-sm" data-testid="on-account-pays">
              The order goes on your account's invoice: no card is needed.
            </p>
          ) : !purchase.cardNeeded ? (
            <p className="text-sm" data-testid="credit-pays-all">
              Your store credit pays for the whole order: no card is needed.
            </p>
          ) : testMode ? (
            <SimulatedCardFields errors={purchase.cardErrs} />
          ) : (
            <p className="text-sm">
              After placing the order you enter your card in our payment provider's secure form.
            </p>
          )}
        </section>
      </div>
      <aside
        aria-label="Order summary"
        className="card h-fit border border-base-300 bg-base-100 lg:sticky lg:top-20"
      >
        <div className="card-body gap-4">
          <h2 className="text-xl font-semibold">Order summary</h2>
          <SummaryLines lines={lines} />
          {shown ? (
            <div aria-live="polite" aria-busy={query.isFetching}>
              <OrderSummary
                totals={shown}
                discount={purchase.discount}
                credit={{
                  label: 'Store credit',
                  cents: purchase.creditCents,
                  restLabel: purchase.onAccountCents > 0 ? 'On account' : 'To pay by card',
                }}
              />
              {purchase.onAccountCents > 0 && purchase.creditCents === 0 ? (
                <OnAccountRow cents={purchase.onAccountCents} />
              ) : null}
            </div>
          ) : null}
          {placedOrder ? null : (
            <DiscountCodeField
              verdict={cart?.codeVerdict}
              pending={query.isPlaceholderData || (Boolean(code) && cart?.codeVerdict?.code !== code)}
              disabled={locked}
            />
          )}
          {purchase.notice ? (
            <p role="alert" className="alert alert-warning text-sm">
              {purchase.notice}
            </p>
          ) : null}
          {hasProblems ? (
            <p className="text-sm text-error">
              Some products cannot be ordered as they are.{' '}
              <Link to={pages.cart.path} className="link">
                Fix them in your cart
              </Link>
              .
            </p>
          ) : null}
          <button
            type="submit"
            className="btn btn-primary btn-block"
            disabled={
              busy || hasProblems || shippingProblem !== null || (!placedOrder && query.isPlaceholderData)
            }
          >
            {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
            {purchase.cardNeeded ? 'Place order and pay' : 'Place order'}
          </button>
          <Link to={pages.cart.path} className="link text-center text-sm">
            Back to cart
          </Link>
        </div>
      </aside>
    </form>
  );
}
