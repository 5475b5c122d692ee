import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutAnswer } from '../../../contract/checkout';
import type { QuoteSent } from '../../../contract/staff-orders';
import { accountInvoices } from '../../kernel/db/schema';
import { mailMonthlyStatements, remindOverdueInvoices } from '../../modules/receivables';
import { insertProduct } from '../../test/fixtures';
import type { TestApp } from '../../test/harness';
import { createOwnerApp, type Member, newCustomer } from '../../test/kit';
import { pdfText } from '../../test/pdf-text';
import { type SmtpCatcher, startSmtpCatcher } from '../../test/smtp-catcher';
import { as, checkoutCart, fillCart, HOME_ADDRESS } from '../../test/store-flow';

/**
 * The mails of an account on terms and of a quote (decisions 102, 103), through a real SMTP server
 * in this process: an overdue invoice's reminder, the month's statement with its PDF, and a quote's
 * link, which opens the quote.
 */
let smtp: SmtpCatcher;
let t: TestApp;
let owner: Member;
let shop: Member;
let caliper: string;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  ({ t, admin: owner } = await createOwnerApp({
    smtp: { url: smtp.url, from: 'Torque Works <shop@torqueworks.example>' },
  }));
  shop = await newCustomer(t.app, { name: 'Kim Garage' });
  const terms = await t.app.inject({
    method: 'PUT',
    url: `/api/customers/${shop.id}/trade`,
    headers: as(owner),
    payload: {
      priceList: { percentOffBasisPoints: 0, categories: [], netPrices: [] },
      certificate: null,
      onAccount: { creditLimitCents: 50_000, termsDays: 15 },
    },
  });
  expect(terms.statusCode, terms.body).toBe(200);
  caliper = (
    await insertProduct(t.database.db, {
      name: 'Brake caliper',
      priceCents: 4000,
      availableQuantity: 20,
      minimumOrderQuantity: 1,
    })
  ).id;
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

const mailsTo = (email: string) =>
  smtp.received.filter((m) => (Array.isArray(m.to) ? m.to : [m.to]).some((a) => a?.text.includes(email)));

describe('the mails of an account on terms', () => {
  it('reminds an overdue invoice and mails the month’s statement with its PDF', async () => {
    await fillCart(t.app, shop, [{ productId: caliper, quantity: 1 }]);
    const placed = (await checkoutCart(t.app, shop, { payOnAccount: true })).json() as CheckoutAnswer;
    await t.database.db
      .update(accountInvoices)
      .set({ dueOn: '2026-01-15' })
      .where(eq(accountInvoices.orderId, placed.order._id));
    expect(await remindOverdueInvoices(t.database.db, t.app.outbox)).toBe(1);
    await t.app.jobs.drain();
    const reminder = mailsTo(shop.email).find((m) => m.subject?.includes('is overdue')) as ParsedMail;
    // $40.00 + $7.99 + $2.80 tax: $50.79 owed since January 15.
    expect(reminder.text).toContain(
      `for order ${placed.order.number} was due on 2026-01-15; $50.79 of it is still owed.`,
    );

    const now = new Date();
    const month = now.toISOString().slice(0, 7);
    await mailMonthlyStatements(
      t.database.db,
      t.app.outbox,
      new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 6)),
    );
    await t.app.jobs.drain();
    const statement = mailsTo(shop.email).find(
      (m) => m.subject === `TorqueWorks: your statement for ${month}`,
    ) as ParsedMail;
    expect(statement.text).toContain(
      'Your account owed $0.00 at the start of the month and $50.79 at its end.',
    );
    expect(statement.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      [`statement-${month}.pdf`, 'application/pdf'],
    ]);
    const pdf = pdfText(statement.attachments[0]?.content as Buffer).join(' ');
    expect(pdf).toContain('Closing balance');
    expect(pdf).toContain('$50.79');
    expect(pdf).toContain('(overdue)');
  });

  it('mails a quote’s link, and the link opens the quote', async () => {
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/customers/${shop.id}/quotes`,
      headers: as(owner),
      payload: {
        lines: [{ productId: caliper, quantity: 2 }],
        shippingMethod: 'standard',
        address: HOME_ADDRESS,
      },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const { link } = sent.json() as QuoteSent;
    await t.app.jobs.drain();
    const mail = mailsTo(shop.email).find((m) => m.subject?.includes('quote')) as ParsedMail;
    expect(mail.subject).toBe('TorqueWorks: your quote is ready');
    expect(mail.text).toContain('We prepared a quote of 1 part for you, at your prices.');
    const url = /https?:\/\/\S+\/quote\/[A-Za-z0-9_-]+/.exec(mail.text ?? '')?.[0] ?? '';
    expect(url.endsWith(link)).toBe(true);
    const opened = await t.app.inject({
      url: `/api${link.replace('/quote/', '/quotes/')}`,
      headers: as(shop),
    });
    expect(opened.statusCode, opened.body).toBe(200);
  });
});
