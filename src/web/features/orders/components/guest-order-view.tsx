import type { ReturnInput } from '@contract/after-sale';
import type { GuestOrderView } from '@contract/guest';
import { formatPrice } from '@contract/money';
import { offers } from '@contract/order-transitions';
import { pages } from '@contract/pages';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { QueryState } from '@web/components/ui/query-state';
import { toast } from '@web/lib/toast';
import { orderKeys } from '@web/shared/orders/keys';
import {
  AddressBlock,
  OrderAmounts,
  OrderLines,
  orderDate,
  paidWith,
  StatusBadge,
} from '@web/shared/orders/order-parts';
import { RefundList, ShipmentList } from '@web/shared/orders/shipments-refunds';
import { OrderPayment } from '@web/shared/payment/order-payment';
import { guestPayer } from '@web/shared/payment/payer';
import { useSession } from '@web/shared/session/session';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  claimGuestOrder,
  guestCancel,
  guestOrderQuery,
  guestPaymentIntent,
  guestReceiptUrl,
  requestGuestReturn,
  useGuestReturns,
} from '../api/guest-order-calls';
import { guestKeys } from '../api/keys';
import { ReturnDialog, ReturnList } from './customer-after-sale';

/** Paying a guest's unpaid order: the same provider and card form as a customer's payment page. */
function GuestPayment({ token, view }: { token: string; view: GuestOrderView }) {
  const queryClient = useQueryClient();
  const intent = useQuery({
    queryKey: guestKeys.intent(token),
    queryFn: () => guestPaymentIntent(token),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const billing = {
    name: view.order.shippingAddress?.fullName ?? view.order.userName,
    email: view.order.userEmail,
  };
  const payer = useMemo(() => guestPayer(token), [token]);
  const onPaid = async () => {
    toast.success('Congrats! Your payment is completed');
    await queryClient.invalidateQueries({ queryKey: guestOrderQuery(token).queryKey });
  };
  const amount = formatPrice(view.order.total);
  return (
    <section aria-labelledby="guest-pay" className="card border border-base-300 bg-base-100">
      <div className="card-body gap-3">
        <h2 id="guest-pay" className="text-xl font-semibold">
          Pay for your order
        </h2>
        {intent.isError ? (
          <p role="alert" className="text-error">
            {intent.error.message}
          </p>
        ) : null}
        <OrderPayment intent={intent.data} payer={payer} billing={billing} amount={amount} onPaid={onPaid} />
      </div>
    </section>
  );
}

/**
 * Sending shipped parts back from the order's page (the mail's link opens it): the customer's
 * return dialog, sent with the order's key; the store's rules (window, units left) answer.
 */
function GuestReturns({ token, order }: { token: string; order: GuestOrderView['order'] }) {
  const queryClient = useQueryClient();
  const returns = useGuestReturns(token, true);
  const [open, setOpen] = useState(false);
  const canReturn = order.lines.some((l) => l.shippedQuantity - l.returnedQuantity > 0);
  const send = async (input: ReturnInput) => {
    await requestGuestReturn(token, input);
    await queryClient.invalidateQueries({ queryKey: guestOrderQuery(token).queryKey });
  };
  return (
    <section aria-labelledby="guest-returns" className="space-y-2">
      <h2 id="guest-returns" className="text-xl font-semibold">
        Returns
      </h2>
      {canReturn ? (
        <button type="button" className="btn" onClick={() => setOpen(true)}>
          Return parts
        </button>
      ) : null}
      <QueryState query={returns} empty={null}>
        {(list) => <ReturnList order={order} returns={list} />}
      </QueryState>
      {open ? <ReturnDialog order={order} onClose={() => setOpen(false)} send={send} /> : null}
    </section>
  );
}

/**
 * A guest's order as its key opens it (decision 059): status, lines, money, where it ships, the
 * receipt, paying while unpaid, and cancelling (asked first; a paid order's is a request).
 */
export function GuestOrderDetails({
  token,
  view,
  justPlaced,
}: {
  token: string;
  view: GuestOrderView;
  justPlaced: boolean;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { order } = view;
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const { user } = useSession();
  const sameEmail = user !== null && user.email.toLowerCase() === order.userEmail.toLowerCase();
  const claim = async () => {
    setBusy(true);
    try {
      const claimed = await claimGuestOrder(token);
      toast.success('The order is in your account: find it in My Orders');
      // The key opens the order no more (its reads answer 409 from now on): its queries go
      // before anything could refetch them, and the account's order page opens instead.
      await queryClient.cancelQueries({ queryKey: guestOrderQuery(token).queryKey });
      queryClient.removeQueries({ queryKey: guestOrderQuery(token).queryKey });
      await queryClient.invalidateQueries({ queryKey: orderKeys.mine });
      navigate(pages.order.path(claimed._id), { replace: true });
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The order could not be added to your account');
    } finally {
      setBusy(false);
    }
  };
  // Unpaid, cancelling is the guest's own; paid, it is a request staff decide (made once).
  const cancelsAtOnce = offers('delete', order.status);
  const canCancel = cancelsAtOnce || (offers('askToCancel', order.status) && !order.cancelRequestedAt);
  const cancel = async () => {
    setBusy(true);
    try {
      await guestCancel(token);
      toast.success(cancelsAtOnce ? 'Your order is cancelled' : 'We received your request to cancel');
      await queryClient.invalidateQueries({ queryKey: guestOrderQuery(token).queryKey });
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The order could not be cancelled');
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };
  return (
    <div className="space-y-6">
      <div role="status" className="space-y-2">
        <h1 className="text-3xl font-bold">
          {justPlaced
            ? order.paid
              ? 'Thank you for your order!'
              : 'Your order is placed'
            : `Order ${order.number}`}
        </h1>
        <p className="text-lg">
          Order number <strong data-testid="order-number">{order.number}</strong>, placed{' '}
          {orderDate(order.createdAt)}
        </p>
        <p className="flex flex-wrap items-center gap-2">
          <StatusBadge status={order.status} text={order.statusText} />
          <span className="text-sm">{paidWith(order, 'Not paid yet')}</span>
        </p>
      </div>
      {justPlaced ? (
        <p>
          We e-mail a confirmation to <span className="break-all font-medium">{order.userEmail}</span> with a
          link to this page, and again when your order ships.
        </p>
      ) : null}
      {offers('pay', order.status) ? <GuestPayment token={token} view={view} /> : null}
      <section aria-labelledby="guest-lines" className="space-y-2">
        <h2 id="guest-lines" className="text-xl font-semibold">
          What you ordered
        </h2>
        <OrderLines order={order} />
        <div className="max-w-sm">
          <OrderAmounts order={order} />
        </div>
      </section>
      <section aria-labelledby="guest-ship" className="space-y-2">
        <h2 id="guest-ship" className="text-xl font-semibold">
          Shipping to
        </h2>
        <AddressBlock address={order.shippingAddress} phone={order.phone} />
      </section>
      {order.shipments.length > 0 ? (
        <section aria-labelledby="guest-parcels" className="space-y-2">
          <h2 id="guest-parcels" className="text-xl font-semibold">
            Shipments
          </h2>
          <ShipmentList order={order} />
        </section>
      ) : null}
      {order.refunds.length > 0 ? (
        <section aria-labelledby="guest-refunds" className="space-y-2">
          <h2 id="guest-refunds" className="text-xl font-semibold">
            Refunds
          </h2>
          <RefundList order={order} admin={false} creditNotes={false} />
        </section>
      ) : null}
      {order.shipments.length > 0 ? <GuestReturns token={token} order={order} /> : null}
      <div className="flex flex-wrap gap-3">
        {order.paid ? (
          <a className="btn" href={guestReceiptUrl(token)} download>
            Download receipt (PDF)
          </a>
        ) : null}
        {canCancel ? (
          <button type="button" className="btn btn-outline btn-error" onClick={() => setAsking(true)}>
            {cancelsAtOnce ? 'Cancel order' : 'Ask to cancel'}
          </button>
        ) : null}
        <Link to={pages.tools.path} className="btn">
          Continue shopping
        </Link>
      </div>
      {order.cancelRequestedAt && offers('askToCancel', order.status) ? (
        <p className="text-sm">You asked to cancel this order; we will write to you.</p>
      ) : null}
      <p className="text-sm text-base-content/70">
        {sameEmail ? (
          <>
            You are signed in as {order.userEmail}.{' '}
            <button
              type="button"
              className="btn btn-sm btn-primary"
              disabled={busy}
              onClick={() => void claim()}
            >
              Add this order to my account
            </button>
          </>
        ) : (
          <>
            Want all your orders in one place?{' '}
            <Link to={pages.signup.path} className="link">
              Create an account
            </Link>{' '}
            with {order.userEmail}, then open this page again from your order's e-mail to add the order to it.
          </>
        )}
      </p>
      <ConfirmDialog
        open={asking}
        title={cancelsAtOnce ? 'Cancel this order?' : 'Ask us to cancel this order?'}
        confirmLabel={cancelsAtOnce ? 'Cancel order' : 'Ask to cancel'}
        busy={busy}
        onConfirm={() => void cancel()}
        onCancel={() => setAsking(false)}
      >
        {cancelsAtOnce
          ? 'The parts go back on the shelf and you are not charged. This cannot be undone.'
          : 'If it has not left our workshop, we cancel it and refund you in full.'}
      </ConfirmDialog>
    </div>
  );
}
