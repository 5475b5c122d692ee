import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from './test/fixtures';
import { createTestApp, type TestApp, testConfig } from './test/harness';
import { STRONG_PASSWORD, signIn, signUp, type TestSession, uniqueEmail } from './test/sessions';
import { payOrder, placeOrder } from './test/store-flow';

/**
 * The store's logs as an operator's log pipeline receives them: one JSON object a line, every
 * request's lines tied together by a request id, and nothing in them that would let a reader of
 * the logs sign in as a customer, forge a session or charge a card. The app is driven through the
 * flows that handle such secrets (sign-up, sign-in, signed-in calls, card payment, a refused
 * request, a server error), at trace level so that the most verbose logging is the one checked.
 */

/** Signs session cookies; set explicitly so the test knows what must never be logged. */
const AUTH_SECRET = 'structured-logs-secret-0123456789-abcdefghij';
const CARD = '4242 4242 4242 4242';
const CVC = '123';
const REQUEST_ID = 'trace-me-7f3a9c';
/** Secrets that travel in a URL's query: a reset link's token, an OAuth code, an API key. */
const URL_SECRETS = ['ResetTok3nFromAMail', 'OAuthC0deFromProvider', 'ApiK3yInQuery', 'Encod3dTok3n'];
const SECRET_URLS = [
  `/reset-password?token=${URL_SECRETS[0]}`,
  `/api/auth/callback/oidc?state=s&code=${URL_SECRETS[1]}`,
  `/api/tool?key=${URL_SECRETS[2]}&search=wrench`,
  `/reset-password?%74oken=${URL_SECRETS[3]}`,
];

let t: TestApp;
let customer: TestSession;
const lines: string[] = [];
/** The statuses the driven requests got, so the test proves each flow really ran. */
const statuses: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({
    logLevel: 'trace',
    // pino writes one whole line per call; each call is kept as it came.
    logStream: { write: (line: string) => void lines.push(line) },
    auth: { ...testConfig().auth, secret: AUTH_SECRET },
  });
  const email = uniqueEmail('logs');
  await signUp(t.app, { email, name: 'Log Reader', password: STRONG_PASSWORD });
  // signIn does not learn the name; the card form sends it, so it is kept from the sign-up.
  customer = { ...(await signIn(t.app, email, STRONG_PASSWORD)), name: 'Log Reader' };
  expect(customer.token).not.toBe('');

  // A signed-in call carrying both credentials an API client and a browser send.
  const both = await t.app.inject({
    method: 'GET',
    url: `/api/order?userEmail=${encodeURIComponent(customer.email)}`,
    headers: {
      authorization: `Bearer ${customer.token}`,
      cookie: customer.cookie,
      'x-request-id': REQUEST_ID,
    },
  });
  statuses.signedIn = both.statusCode;

  // An order paid with the simulated card (placeOrder/payOrder fail the test unless it works).
  const product = await insertProduct(t.database.db, {
    priceCents: 1500,
    availableQuantity: 10,
    minimumOrderQuantity: 1,
  });
  const order = await placeOrder(t.app, customer, product.id, 2);
  await payOrder(t.app, customer, order._id);

  // Links carrying secrets in their query, as a mail program opens them.
  for (const url of SECRET_URLS) await t.app.inject({ method: 'GET', url });

  // A card refused by validation, with the number and CVC in the body that was refused.
  const refusedCard = await t.app.inject({
    method: 'POST',
    url: '/api/payments/simulated/confirm',
    headers: { cookie: customer.cookie },
    payload: { clientSecret: 'not-a-secret', cardNumber: CARD, expiry: 'never', cvc: CVC },
  });
  statuses.refusedCard = refusedCard.statusCode;

  // A plain validation error.
  const invalid = await t.app.inject({
    method: 'POST',
    url: '/api/contact',
    payload: { email: 'not-an-email', name: '', message: '' },
  });
  statuses.invalid = invalid.statusCode;

  // A genuine 500: the database goes away under the running app (the harness's close then only
  // has the app left to close, which tolerates the closed database).
  await t.database.close();
  const broken = await t.app.inject({
    method: 'GET',
    url: `/api/order?userEmail=${encodeURIComponent(customer.email)}`,
    headers: { authorization: `Bearer ${customer.token}`, cookie: customer.cookie },
  });
  statuses.broken = broken.statusCode;
});
afterAll(() => t.app.close());

const parsed = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

describe('structured logs', () => {
  it('the driven flows really ran: signed-in 200, refused card 400, validation 400, a 500', () => {
    expect(statuses).toEqual({ signedIn: 200, refusedCard: 400, invalid: 400, broken: 500 });
    // The capture does see the requests that carried the secrets.
    const all = lines.join('');
    for (const url of [
      '/api/auth/sign-in/email',
      '/api/payments/simulated/confirm',
      '/api/order?userEmail=',
      '/reset-password?token=[redacted]',
      '/api/tool?key=[redacted]&search=wrench',
    ])
      expect(all).toContain(url);
  });

  it('every line is one JSON object with a numeric level, a time and a message', () => {
    for (const line of lines) {
      expect(line.endsWith('\n'), line).toBe(true);
      expect(line.trimEnd().includes('\n'), line).toBe(false);
      const entry = JSON.parse(line) as Record<string, unknown>;
      expect(typeof entry.level, line).toBe('number');
      expect(typeof entry.time, line).toBe('number');
      expect(typeof entry.msg, line).toBe('string');
    }
  });

  it('every line logged for a request carries its reqId, and an incoming x-request-id is kept', () => {
    const requestLines = parsed().filter((entry) => 'req' in entry || 'res' in entry);
    // Ten requests were made above, each logged at least as incoming and completed.
    expect(requestLines.length).toBeGreaterThanOrEqual(20);
    for (const entry of requestLines) expect(typeof entry.reqId, JSON.stringify(entry)).toBe('string');
    const traced = parsed().filter((entry) => entry.reqId === REQUEST_ID);
    expect(traced.map((entry) => entry.msg)).toEqual(
      expect.arrayContaining(['incoming request', 'request completed']),
    );
    // The server error is logged with its request's id, so it can be found from the failed call.
    const failed = parsed().find((entry) => entry.msg === 'request failed');
    expect(failed?.reqId).toEqual(expect.any(String));
    expect(parsed().filter((entry) => entry.reqId === failed?.reqId).length).toBeGreaterThan(1);
  });

  it('no line holds the password, the bearer token, the session cookie, the card, the CVC, the auth secret or a token in a URL', () => {
    const cookieValues = customer.cookie.split('; ').map((pair) => pair.slice(pair.indexOf('=') + 1));
    expect(cookieValues.every((value) => value.length >= 16)).toBe(true);
    const secrets = [
      STRONG_PASSWORD,
      encodeURIComponent(STRONG_PASSWORD),
      customer.token,
      ...cookieValues,
      ...cookieValues.map((value) => decodeURIComponent(value)),
      CARD,
      CARD.replaceAll(' ', ''),
      CARD.replaceAll(' ', '-'),
      AUTH_SECRET,
      ...URL_SECRETS,
    ];
    for (const line of lines) {
      for (const secret of secrets) expect(line.includes(secret), `${secret} in ${line}`).toBe(false);
      // The CVC is three common digits: it counts as leaked only next to a card field.
      expect(line, line).not.toMatch(new RegExp(`cvc\\W{0,6}${CVC}`, 'i'));
    }
  });
});
