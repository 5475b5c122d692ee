import type { OrderRefusal } from '../../../contract/order-refusals';
import { ORDER_NOT_FOUND } from '../../../contract/orders';
import { AppError } from '../../kernel/errors';

/**
 * Why the orders module refuses something, as types: callers test `instanceof`, never the words
 * (the words are for the person who tried).
 */
export class OrderNotFound extends AppError {
  constructor() {
    super('NOT_FOUND', ORDER_NOT_FOUND);
  }
}

/** The move is not legal from the order's status (409). */
export class IllegalOrderMove extends AppError {
  constructor(
    readonly event: string,
    readonly from: string,
    message: string,
  ) {
    super('CONFLICT', message);
  }
}

export const RELEASED_BEFORE_PAYMENT =
  'This order was released before the payment arrived; it will be refunded';

/** A payment arrived for an order released meanwhile whose stock is gone: it is refunded. */
export class PaymentArrivedTooLate extends AppError {
  constructor(message: string = RELEASED_BEFORE_PAYMENT) {
    super('CONFLICT', message);
  }
}

/** Said of a card payment opened for the whole total before store credit paid part of the order. */
export const PAID_BEFORE_CREDIT =
  'This payment was for the whole order, but your store credit has paid part of it since; it will be refunded. Pay what is left instead.';

/** An after-sale request asks for more than the order has (409), or names what it does not hold (400). */
export class AfterSaleRefused extends AppError {}

/**
 * Placing an order refused a line, by code (contract/order-refusals.ts). The flow that placed it
 * answers in its page's words (`inWordsOf`); the code and its details are all the domain knows.
 */
export class OrderRefused extends AppError {
  constructor(readonly refusal: OrderRefusal) {
    super(refusal.code === 'not-sold' ? 'NOT_FOUND' : 'CONFLICT', refusal.code);
  }
}
