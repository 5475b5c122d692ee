import { describe, expect, it } from 'vitest';
import { OrderInput, QUANTITY_REQUIRED } from './orders';

// The order modal's body (POST /order) as the contract reads it: the rules the server's route
// applies before anything else runs, and the web's form with it. One HTTP test per refusal keeps
// how they are answered (orders.routes.test.ts); the bounds of a tool are the flow's
// (flows/order-modal.test.ts).
const PHONE = '01712345678';
const TOOL = '6f1c1f0e-7a56-4d8e-9f3f-2a1b3c4d5e6f';
const PHONE_SHAPE_MESSAGE = 'Phone number must be 11 digits containing number (0-9). it starts with 01';

/** The issues a refused body has, as the API lists them: `path` and `message`. */
const issuesOf = (body: Record<string, unknown>) => {
  const result = OrderInput.safeParse(body);
  if (result.success) return [];
  return result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
};

describe('the order modal’s quantity', () => {
  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['null', null],
    ['not a number', 'abc'],
    ['a list', [5]],
    // Text is read as plain decimal digits only.
    ['hexadecimal', '0x10'],
    ['an exponent', '1e3'],
    ['padded', ' 12 '],
    ['a decimal point', '12.0'],
    ['a minus sign in text', '-3'],
    ['more than a million', 1_000_001],
  ])('%s (%j): the spec’s question, on orderQuantity alone', (_label, orderQuantity) => {
    expect(issuesOf({ orderId: TOOL, orderQuantity, phone: PHONE })).toEqual([
      { path: 'orderQuantity', message: QUANTITY_REQUIRED },
    ]);
  });

  it('takes a quantity typed as digits the same as a number', () => {
    expect(OrderInput.parse({ orderId: TOOL, orderQuantity: '4', phone: PHONE })).toEqual({
      productId: TOOL,
      orderQuantity: 4,
      phone: PHONE,
    });
  });

  it('leaves zero and negative numbers to the tool’s minimum (the flow answers with it)', () => {
    expect(issuesOf({ orderId: TOOL, orderQuantity: 0, phone: PHONE })).toEqual([]);
    expect(issuesOf({ orderId: TOOL, orderQuantity: -5, phone: PHONE })).toEqual([]);
    expect(issuesOf({ orderId: TOOL, orderQuantity: 2.5, phone: PHONE })).toEqual([
      { path: 'orderQuantity', message: 'Quantity must be a whole number' },
    ]);
  });
});

describe('the order modal’s phone', () => {
  it.each([
    ['missing', undefined, 'Phone number is Required'],
    ['empty', '', 'Phone number is Required'],
    ['blank', '   ', 'Phone number is Required'],
    ['too short', '0171234567', PHONE_SHAPE_MESSAGE],
    ['too long', '017123456789', PHONE_SHAPE_MESSAGE],
    ['not starting 01', '02712345678', PHONE_SHAPE_MESSAGE],
    ['with letters', '0171234567a', PHONE_SHAPE_MESSAGE],
  ])('%s (%j): the spec’s message first, on phone alone', (_label, phone, message) => {
    const issues = issuesOf({ orderId: TOOL, orderQuantity: 2, phone });
    // The API's message is the first issue's; an empty phone also fails the shape, listed after.
    expect(issues[0]).toEqual({ path: 'phone', message });
    expect(issues.every((i) => i.path === 'phone')).toBe(true);
  });

  it('takes a phone with spaces around it, trimmed', () => {
    expect(OrderInput.parse({ orderId: TOOL, orderQuantity: 2, phone: ` ${PHONE} ` }).phone).toBe(PHONE);
  });
});

describe('the order modal’s product', () => {
  it('asks for one when it is missing or empty; any text is looked up (the flow says 404)', () => {
    expect(issuesOf({ orderQuantity: 2, phone: PHONE })).toEqual([
      { path: 'orderId', message: 'Choose a tool to order' },
    ]);
    expect(issuesOf({ orderId: '', orderQuantity: 2, phone: PHONE })).toEqual([
      { path: 'orderId', message: 'Choose a tool to order' },
    ]);
    expect(issuesOf({ orderId: "x' or '1'='1", orderQuantity: 2, phone: PHONE })).toEqual([]);
  });

  it('reads only the product, the quantity and the phone: price, names and status are dropped', () => {
    expect(
      OrderInput.parse({
        orderId: TOOL,
        orderQuantity: 3,
        phone: PHONE,
        price: 0.01,
        userEmail: 'mallory@example.com',
        status: 'shipped',
        paid: true,
      }),
    ).toEqual({ productId: TOOL, orderQuantity: 3, phone: PHONE });
  });
});
