import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PurchaseOrder, Supplier } from '../../../contract/purchasing';
import { insertProduct } from '../../test/fixtures';
import type { TestApp } from '../../test/harness';
import { createOwnerApp, type Member, newStaff } from '../../test/kit';
import { pdfText } from '../../test/pdf-text';
import { type SmtpCatcher, startSmtpCatcher } from '../../test/smtp-catcher';
import { as } from '../../test/store-flow';

/**
 * The purchasing routes (decision 097): who may call them, what they answer, the order's file and
 * the mail to the supplier through a real SMTP server in this process. The rules themselves are
 * tested below HTTP (modules/purchasing/purchasing.test.ts).
 */
let smtp: SmtpCatcher;
let t: TestApp;
let owner: Member;
let manager: Member;
let staff: Member;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  ({ t, admin: owner } = await createOwnerApp({
    smtp: { url: smtp.url, from: 'Torque Works <shop@torqueworks.example>' },
  }));
  manager = await newStaff(t.app, 'manager', 'Mona Manager');
  staff = await newStaff(t.app, 'staff', 'Sam Staff');
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

const call = (
  who: Member | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers: as(who), ...(payload ? { payload } : {}) });

const SUPPLIER = {
  name: 'Great Lakes Brake Supply',
  contactName: 'Ann <Orders>',
  email: 'orders@greatlakes.example',
  leadTimeDays: 4,
  minimumOrderCents: 25_000,
};

describe('suppliers over HTTP', () => {
  it('lets a manager add and list suppliers; staff and customers are refused', async () => {
    const made = await call(manager, 'POST', '/api/suppliers', SUPPLIER);
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ name: SUPPLIER.name, phone: null, note: null, productCount: 0 });
    expect((await call(staff, 'GET', '/api/suppliers')).statusCode).toBe(403);
    expect((await call(undefined, 'GET', '/api/suppliers')).statusCode).toBe(401);
    const listed = (await call(owner, 'GET', '/api/suppliers')).json() as Supplier[];
    expect(listed.map((s) => s.name)).toContain(SUPPLIER.name);
  });

  it('answers bad input field by field', async () => {
    const res = await call(owner, 'POST', '/api/suppliers', {
      ...SUPPLIER,
      name: ' ',
      email: 'not-mail',
      leadTimeDays: 400,
    });
    expect(res.statusCode).toBe(400);
    const fields = (res.json() as { error: { issues: { path: string; message: string }[] } }).error.issues;
    expect(fields).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'Give the supplier a name' },
        { path: 'leadTimeDays', message: 'The lead time can be at most 365 days' },
      ]),
    );
    expect(fields.map((f) => f.path)).toContain('email');
  });
});

describe('a purchase order over HTTP', () => {
  it('is drafted, written out as a file, sent to the supplier by mail and received into stock', async () => {
    const supplier = (
      await call(owner, 'POST', '/api/suppliers', { ...SUPPLIER, name: 'Lakeside Parts' })
    ).json() as Supplier;
    const pads = await insertProduct(t.app.db, {
      name: '=Ceramic pads, front',
      sku: 'PAD-F',
      availableQuantity: 0,
    });
    const sold = await call(owner, 'PUT', `/api/suppliers/${supplier.id}/products/${pads.id}`, {
      supplierPartNumber: 'GL-CP-10',
      packSize: 2,
      costCents: 1899,
    });
    expect(sold.statusCode, sold.body).toBe(200);

    const drafted = await call(manager, 'POST', '/api/purchase-orders', {
      supplierId: supplier.id,
      lines: [{ productId: pads.id, quantity: 6 }],
      note: 'Deliver to the back door',
    });
    expect(drafted.statusCode, drafted.body).toBe(201);
    const draft = drafted.json() as PurchaseOrder;
    expect(draft).toMatchObject({ status: 'draft', totalCents: 11_394, offers: ['edit', 'send', 'cancel'] });

    const file = await call(owner, 'GET', `/api/purchase-orders/${draft.id}/csv`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${draft.number}.csv"`);
    // A name a spreadsheet would run as a formula is written as text; money as plain decimals.
    expect(file.body.split('\n').map((l) => l.trimEnd())).toEqual([
      'po_number,line,supplier_part_number,sku,product,quantity,unit_cost,line_total',
      `${draft.number},1,GL-CP-10,PAD-F,"'=Ceramic pads, front",6,18.99,113.94`,
      '',
    ]);

    const before = smtp.received.length;
    const sent = await call(manager, 'POST', `/api/purchase-orders/${draft.id}/send`);
    expect(sent.statusCode, sent.body).toBe(200);
    await t.app.jobs.drain();
    const mail = smtp.received.at(-1) as ParsedMail;
    expect(smtp.received.length - before).toBe(1);
    expect(smtp.deliveredTo.at(-1)).toEqual(['orders@greatlakes.example']);
    expect(mail.subject).toBe(`TorqueWorks: purchase order ${draft.number}`);
    expect(mail.text).toContain('Hello Ann <Orders>,');
    expect(mail.text).toContain('GL-CP-10 / PAD-F');
    expect(mail.text).toContain('6 x =Ceramic pads, front at $18.99 = $113.94');
    expect(mail.text).toContain('Deliver to the back door');
    expect(mail.text).toContain('$113.94');
    expect(typeof mail.html === 'string' ? mail.html : '').toContain('Hello Ann &lt;Orders&gt;,');
    expect(mail.text).toContain(`The order is attached as ${draft.number}.pdf, and as ${draft.number}.csv`);
    // The order as a PDF to file and the same CSV as the download, for the supplier's system.
    expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      [`${draft.number}.pdf`, 'application/pdf'],
      [`${draft.number}.csv`, 'text/csv'],
    ]);
    const [pdf, csv] = mail.attachments;
    const drawn = pdfText(pdf?.content ?? Buffer.alloc(0)).join(' ');
    expect(drawn).toContain(`Purchase order ${draft.number}`);
    expect(drawn).toContain('To Lakeside Parts <orders@greatlakes.example>');
    for (const cell of [
      'GL-CP-10',
      'PAD-F',
      '=Ceramic pads, front',
      '6',
      '$18.99',
      '$113.94',
      'Total $113.94',
    ])
      expect(drawn).toContain(cell);
    expect(csv?.content.toString('utf8').split('\n')[1]?.trimEnd()).toBe(
      `${draft.number},1,GL-CP-10,PAD-F,"'=Ceramic pads, front",6,18.99,113.94`,
    );

    const again = await call(manager, 'POST', `/api/purchase-orders/${draft.id}/send`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(`${draft.number} is sent: it cannot be sent now`);

    const over = await call(manager, 'POST', `/api/purchase-orders/${draft.id}/receipts`, {
      lines: [{ lineNo: 1, quantity: 7 }],
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().error.issues).toEqual([
      { path: 'note', message: 'Say why more came in than was ordered' },
    ]);
    const received = await call(manager, 'POST', `/api/purchase-orders/${draft.id}/receipts`, {
      lines: [{ lineNo: 1, quantity: 7 }],
      note: 'A spare pack',
    });
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json()).toMatchObject({ status: 'received', offers: [] });
    const stock = await call(owner, 'GET', `/api/purchase/${pads.id}`);
    expect(stock.json()).toMatchObject({ available_quantity: 7 });
  });

  it('refuses a staff member at every step, and an unknown order by its name', async () => {
    expect(
      (await call(staff, 'POST', '/api/purchase-orders', { supplierId: crypto.randomUUID(), lines: [] }))
        .statusCode,
    ).toBe(403);
    const missing = await call(owner, 'GET', `/api/purchase-orders/${crypto.randomUUID()}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('Purchase order was not found');
  });
});
