import { centsToDecimal, dollarsToCents, formatCents } from '@contract/money';
import { offers } from '@contract/order-transitions';
import { pages } from '@contract/pages';
import { useQueryClient } from '@tanstack/react-query';
import { QueryState } from '@web/components/ui/query-state';
import { ApiError } from '@web/lib/api-client';
import { formatNumber } from '@web/lib/format';
import { toast } from '@web/lib/toast';
import { AddressBlock } from '@web/shared/orders/order-parts';
import { paymentKeys } from '@web/shared/payment/keys';
import { CustomerOrderAmounts } from '@web/shared/payment/on-account-amounts';
import { onAccountKeys, useOnAccount, usePutOnAccount } from '@web/shared/payment/on-account-calls';
import { OrderPayment } from '@web/shared/payment/order-payment';
import { customerPayer } from '@web/shared/payment/payer';
import { usePaymentIntent } from '@web/shared/payment/payment-calls';
import { useSession } from '@web/shared/session/session';
import { useApplyStoreCredit, useStoreCredit } from '@web/shared/store-credit/store-credit-calls';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useOrder } from '../api/order-calls';
import { PaymentAddress } from '../components/payment-address';

/** How long the confirmation stays on screen before My Orders opens. */
const CONFIRMATION_MS = 2500;

export function PaymentPage() {
  const { id = '' } = useParams();
  const { user } = useSession();
  const order = useOrder(id);
  const unpaid = order.data ? offers('pay', order.data.status) : false;
  // The page pays only for what can ship (PaymentAddress): the payment opens once the order has
  // its address, for the total quoted for it. An API client may still pay without one; its order
  // then waits for the address (the order page asks for it).
  const addressed = Boolean(order.data?.shippingAddress);
  // Parts added after a card payment (decision 104): the paid order owes their cost, which only the
  // card pays here (no store credit, no account); the address and the rest of the order stand.
  const balanceDueCents = order.data?.paid ? (order.data.amounts.balanceDueCents ?? 0) : 0;
  const owesBalance = balanceDueCents > 0;
  const intent = usePaymentIntent(id, (unpaid && addressed) || owesBalance);
  // Store credit already spent on it (decision 100) leaves the card the rest of the total.
  const cardCents = owesBalance
    ? balanceDueCents
    : order.data
      ? order.data.amounts.totalCents - (order.data.amounts.storeCreditCents ?? 0)
      : 0;
  // The card is charged the intent's amount: only an intent for what the card pays now is used, so
  // a click while a changed address (or credit just applied) reopens the payment charges nothing stale.
  // A balance is paid only by an intent the server opened for it.
  const payment =
    intent.data &&
    !intent.isFetching &&
    order.data &&
    dollarsToCents(intent.data.amount) === cardCents &&
    (intent.data.purpose === 'balance') === owesBalance
      ? intent.data
      : undefined;
  // The intent is kept for the page's life: one cached for the order's own payment, or for a balance
  // that has grown since, is asked for again, once per balance, so Pay does not wait for ever.
  const askedFor = useRef(0);
  const { data: openIntent, isFetching: intentFetching, refetch: refetchIntent } = intent;
  useEffect(() => {
    if (!owesBalance || !openIntent || intentFetching || payment || askedFor.current === balanceDueCents)
      return;
    askedFor.current = balanceDueCents;
    void refetchIntent();
  }, [owesBalance, openIntent, intentFetching, payment, balanceDueCents, refetchIntent]);
  const credit = useStoreCredit(unpaid);
  const balanceCents = credit.data?.balanceCents ?? 0;
  const applyCredit = useApplyStoreCredit(id);
  const [creditPaid, setCreditPaid] = useState(false);
  // Orders on account (decision 102): a trade account with terms may put the order on its invoice.
  const onAccount = useOnAccount(unpaid);
  const putOnAccount = usePutOnAccount(id);
  const [accountPaid, setAccountPaid] = useState(false);
  const stoppedBecause = onAccount.standing?.stoppedBecause ?? null;
  const queryClient = useQueryClient();
  const payer = useMemo(() => customerPayer(id, queryClient), [id, queryClient]);
  const navigate = useNavigate();
  const [paidWith, setPaidWith] = useState<string | null>(null);
  const [balancePaid, setBalancePaid] = useState(false);

  const done = Boolean(paidWith) || creditPaid || accountPaid;
  // A balance paid goes back to its order, where it was asked for; an order paid, to My Orders.
  useEffect(() => {
    if (!done) return;
    const next = balancePaid ? pages.order.path(id) : pages.myOrders.path;
    const timer = setTimeout(() => navigate(next), CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [done, balancePaid, id, navigate]);

  // The balance pays what it can; paid in full, the order is done as after a card payment, else the
  // payment opens again for the smaller rest (the intent is read again by the call's hook).
  const spendCredit = () =>
    applyCredit.mutate(undefined, {
      onSuccess: (updated) => {
        if (!updated.paid) return;
        toast.success('Congrats! Your payment is completed');
        setCreditPaid(true);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) void order.refetch();
      },
    });

  // On account, the order is paid at once (no card); refused, the order and the account are read again.
  const chargeToAccount = () =>
    putOnAccount.mutate(undefined, {
      onSuccess: (updated) => {
        if (!updated.paid) return;
        toast.success('Congrats! Your order is paid on account');
        setAccountPaid(true);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) {
          void order.refetch();
          void queryClient.invalidateQueries({ queryKey: onAccountKeys.invoices });
        }
      },
    });

  // The spec's order: 'Payment Sent!' once the card is charged, the order patched, then the
  // confirmation with the transaction id.
  // Whether the card paid a balance is known when it is charged: by `onPaid` the order is read again.
  const chargedBalance = useRef(false);
  const onCharged = () => {
    chargedBalance.current = owesBalance;
    toast.success('Payment Sent!');
  };
  const onPaid = async (transactionId: string) => {
    if (chargedBalance.current) {
      // The payer has read the order again (no balance now); its spent intent must not pay a later one.
      queryClient.removeQueries({ queryKey: paymentKeys.intent(id) });
      toast.success('Thank you: the parts added are paid for');
      setBalancePaid(true);
    } else toast.success('Congrats! Your payment is completed');
    setPaidWith(transactionId);
  };

  const billing = { name: user?.name ?? '', email: user?.email ?? '' };

  // An order that is not there (or not this customer's) has nothing to pay: the message alone,
  // no card form.
  if (order.error instanceof ApiError && order.error.code === 'NOT_FOUND') {
    return (
      <div className="max-w-xl space-y-4">
        <h2 className="text-xl font-semibold">Payment</h2>
        <div role="alert" className="alert alert-error">
          <span>We could not find this order. It may have been deleted, or the link is wrong.</span>
        </div>
        <Link to={pages.myOrders.path} className="btn">
          Back to My Orders
        </Link>
      </div>
    );
  }

  return (
    <div className="max-w-xl space-y-4">
      <h2 className="text-xl font-semibold">Payment</h2>
      <QueryState query={order} empty={null}>
        {(data) => (
          <section aria-label="Order" className="card bg-base-200">
            <div className="card-body gap-1">
              {owesBalance ? (
                <p className="text-lg font-semibold" data-testid="balance-due">
                  Parts were added to order {data.number}: pay {formatCents(balanceDueCents)} to have it
                  shipped
                </p>
              ) : (
                <p className="text-lg font-semibold">Please pay for {data.orderName}</p>
              )}
              <p className="text-sm text-base-content/70">Order {data.number}</p>
              <ul className="text-sm">
                {data.lines.map((line) => (
                  <li key={line.productId}>
                    {formatNumber(line.quantity)} × {line.name} at {formatCents(line.unitPriceCents)}
                  </li>
                ))}
              </ul>
              <CustomerOrderAmounts
                order={data}
                estimated={!data.shippingAddress && offers('pay', data.status)}
              />
              {data.shippingAddress && !offers('pay', data.status) ? (
                <div className="text-sm">
                  <p className="font-semibold">Ship to</p>
                  <AddressBlock address={data.shippingAddress} phone={data.phone} />
                </div>
              ) : null}
            </div>
          </section>
        )}
      </QueryState>
      {order.data && unpaid && !done ? <PaymentAddress order={order.data} /> : null}
      {order.data && unpaid && addressed && !done && balanceCents > 0 && cardCents > 0 ? (
        <section aria-label="Store credit" className="space-y-2">
          <p className="text-sm">You have {formatCents(balanceCents)} of store credit.</p>
          <button
            type="button"
            className="btn btn-outline w-full sm:w-auto"
            disabled={applyCredit.isPending}
            onClick={spendCredit}
          >
            {applyCredit.isPending ? (
              <span className="loading loading-spinner loading-sm" aria-hidden="true" />
            ) : null}
            Use my store credit ({formatCents(Math.min(balanceCents, cardCents))})
          </button>
          {applyCredit.isError ? (
            <p className="text-error text-sm" role="alert">
              {applyCredit.error.message}
            </p>
          ) : null}
        </section>
      ) : null}
      {order.data && unpaid && addressed && !done && onAccount.terms && cardCents > 0 ? (
        <section aria-labelledby="on-account-title" className="space-y-2" data-testid="on-account">
          <h3 id="on-account-title" className="font-semibold">
            On account
          </h3>
          <p className="text-sm">
            Your account orders on account, net {onAccount.terms.termsDays}
            {onAccount.standing ? `: ${formatCents(onAccount.standing.availableCents)} is available.` : '.'}{' '}
            The order is invoiced to you and ships without a card.
          </p>
          {stoppedBecause ? (
            <p className="text-sm" id="on-account-stopped" data-testid="on-account-stopped">
              {stoppedBecause}
            </p>
          ) : null}
          <button
            type="button"
            className="btn btn-outline w-full sm:w-auto"
            disabled={putOnAccount.isPending || onAccount.invoices.isPending || stoppedBecause !== null}
            aria-describedby={stoppedBecause ? 'on-account-stopped' : undefined}
            onClick={chargeToAccount}
          >
            {putOnAccount.isPending ? (
              <span className="loading loading-spinner loading-sm" aria-hidden="true" />
            ) : null}
            Put on account ({formatCents(cardCents)})
          </button>
          {putOnAccount.isError ? (
            <p className="text-error text-sm" role="alert">
              {putOnAccount.error.message}
            </p>
          ) : null}
        </section>
      ) : null}
      {accountPaid ? (
        <div role="status" className="alert alert-success">
          <div>
            <p className="font-semibold">Congrats! Your order is paid on account</p>
            <p className="text-sm">It is invoiced to your account: see Invoices on account on My Profile.</p>
          </div>
        </div>
      ) : creditPaid ? (
        <div role="status" className="alert alert-success">
          <div>
            <p className="font-semibold">Congrats! Your payment is completed</p>
            <p className="text-sm">Paid with your store credit.</p>
          </div>
        </div>
      ) : paidWith ? (
        <div role="status" className="alert alert-success">
          <div>
            <p className="font-semibold">
              {balancePaid
                ? 'Thank you: the parts added are paid for'
                : 'Congrats! Your payment is completed'}
            </p>
            <p className="text-sm break-all">
              Your transaction id:{' '}
              <span className="font-mono" data-testid="transaction-id">
                {paidWith}
              </span>
            </p>
          </div>
        </div>
      ) : order.isError ? null : order.data && !unpaid && !owesBalance ? (
        <p className="alert">This order is already paid.</p>
      ) : intent.isError ? (
        <p className="text-error" role="alert">
          {intent.error.message}
        </p>
      ) : (
        <OrderPayment
          intent={payment}
          payer={payer}
          billing={billing}
          amount={order.data ? centsToDecimal(cardCents) : ''}
          onCharged={onCharged}
          onPaid={onPaid}
          note={order.data && unpaid && !addressed ? 'Give the shipping address above to pay.' : undefined}
        />
      )}
    </div>
  );
}
