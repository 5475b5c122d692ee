import type { Db } from '../../kernel/db';
import type { ModuleDescriptor } from '../../kernel/jobs';
import type { Outbox } from '../../kernel/outbox';
import { expireUnpaidOrders } from './expiry';

/**
 * Orders, their lines and history, parcels, refunds and returns (decisions 038-040, 061). Unpaid
 * orders past their hold expire in a recurring job, never as a side effect of reading a list.
 */
export const ordersModule: ModuleDescriptor<{
  db: Db;
  outbox: Outbox;
  config: { orders: { expirySweepMs: number } };
  log: { info(details: object, message: string): void };
}> = {
  name: 'modules/orders',
  tables: [
    'orders',
    'order_lines',
    'order_events',
    'shipments',
    'refunds',
    'returns',
    'return_fit_claims',
    'quotes',
    'order_balance_payments',
  ],
  tablesKeptByTriggers: ['document_numbers'],
  // A guest order's product rows, and the account a guest's orders are claimed for.
  reads: ['products', 'user'],
  jobs: ({ db, outbox, config, log }) => [
    {
      name: 'expire-unpaid-orders',
      everyMs: config.orders.expirySweepMs,
      run: async () => {
        const count = await expireUnpaidOrders(db, outbox);
        if (count > 0) log.info({ count }, 'expired unpaid orders past their hold');
      },
    },
  ],
};

export { type AddedLine, linesOfOrder, writeAddedLines } from './added-lines';
export { takeBalancePayment } from './balance-due';
export { cancelPaidInLock, cancelUnpaidOrder, requestCancellation } from './cancel';
export { getOwnOrder, listOwnOrders, orderHistory } from './customer-orders';
export { checkGuestCaps, type GuestBuyer, isGuest } from './guest-buyer';
export { claimGuestOrders } from './guest-claim';
export { lookUpOrder, lookupLimiters } from './guest-lookup';
export { mailLinkToken, visitToken } from './guest-order-links';
export {
  claimGuestOrderByLink,
  guestCancel,
  guestOrder,
  guestReturn,
  guestReturns,
  openOrderLink,
  viewGuestOrder,
} from './guest-orders';
export { checkUnpaidCaps, holdOf, type NewOrderRow, waitingMailDelay, writeNewOrder } from './new-order';
export { chargeOrderToAccount, onAccountPayment, putOnAccount } from './on-account';
export { setOrderAddress } from './order-address';
export { OrderNotFound, OrderRefused, PAID_BEFORE_CREDIT, PaymentArrivedTooLate } from './order-errors';
export { readOrderView, toOneOrder, toOrder, toOrders } from './order-read';
export { applyOrderEvent, lockOrder, type OrderLineRow, type OrderRow, payUnpaidOrder } from './order-state';
export {
  acceptQuoteRow,
  assertQuoteOpen,
  customerNameOf,
  type QuoteRow,
  quoteById,
  quoteByToken,
  quoteStatusOf,
  quotesOf,
  quoteToken,
  writeQuote,
} from './quotes';
export { sendCreditNote, sendReceipt } from './receipt-pdf';
export {
  claimLatePaymentRefund,
  claimRefund,
  orderNow,
  pendingRefunds,
  putOffRefund,
  quoteRefund,
  type RefundAnswer,
  type RefundRequest,
  type RefundRow,
  settleRefund,
  withdrawClaim,
} from './refunds';
export {
  claimRefundOfReturn,
  correctFitmentFromReturn,
  decideReturn,
  listReturns,
  quoteReturnRefund,
  receiveReturn,
  requestCoreReturn,
  requestReturn,
  returnNow,
  returnsOf,
} from './returns';
export { createShipment, shipOrder } from './shipments';
export { orderNumbersOf, spendCreditOn, storeCreditPayment, useStoreCredit } from './store-credit-use';
