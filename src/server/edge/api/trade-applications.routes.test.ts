import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TradeApplication } from '../../../contract/trade';
import { auditLog, mails, tradeAccounts } from '../../kernel/db/schema';
import type { TestApp } from '../../test/harness';
import { createOwnerApp, type Member, newCustomer, newStaff } from '../../test/kit';
import { as } from '../../test/store-flow';

// Trade applications (decision 101) through the real routes: a shop applies with its certificate
// and its scan, a manager approves it into a trade account (or refuses it), the shop is mailed.
let t: TestApp;
let owner: Member;
let manager: Member;
beforeAll(async () => {
  ({ t, admin: owner } = await createOwnerApp());
  manager = await newStaff(t.app, 'manager', 'Mia Manager');
});
afterAll(() => t.close());

const application = {
  businessName: 'Eastside Auto Repair',
  taxId: '38-1234567',
  certificate: { number: 'MI-RS-5521', states: ['mi', 'OH'], expiresOn: '2028-06-30' },
  note: 'Two bays, brakes and suspension.',
};
const apply = (who: Member, body: object = application) =>
  t.app.inject({ method: 'POST', url: '/api/account/trade-application', headers: as(who), payload: body });
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const sendScan = (who: Member, body: Buffer, type: string) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/account/trade-application/certificate',
    headers: { ...as(who), 'content-type': type },
    payload: body,
  });
const decide = (id: string, body: object, who: Member = manager) =>
  t.app.inject({
    method: 'POST',
    url: `/api/trade-applications/${id}/decision`,
    headers: as(who),
    payload: body,
  });
const mailsTo = async (address: string) =>
  (await t.database.db.select().from(mails).where(eq(mails.toAddress, address))).map((m) => ({
    subject: m.subject,
    text: m.text,
  }));
async function deliverAll() {
  for (let i = 0; i < 3; i += 1) await t.app.jobs.runOnce();
}

describe('trade applications', () => {
  it('are sent by a shop with its certificate and scan, and approved into a trade account', async () => {
    const shop = await newCustomer(t.app, { name: 'Dana Eastside' });
    const sent = await apply(shop);
    expect(sent.statusCode, sent.body).toBe(201);
    const made = sent.json() as TradeApplication;
    expect(made).toMatchObject({
      status: 'pending',
      businessName: 'Eastside Auto Repair',
      certificate: { number: 'MI-RS-5521', states: ['MI', 'OH'], expiresOn: '2028-06-30' },
      hasCertificateFile: false,
    });
    // One pending application at a time.
    expect((await apply(shop)).json().error.message).toBe(
      'Your application is with us already: we will write when it is decided.',
    );
    // The scan: a PDF that is one; a file that only says so is refused.
    expect((await sendScan(shop, Buffer.from('not a pdf'), 'application/pdf')).statusCode).toBe(415);
    const scanned = await sendScan(shop, PDF, 'application/pdf');
    expect(scanned.statusCode, scanned.body).toBe(200);
    expect((scanned.json() as TradeApplication).hasCertificateFile).toBe(true);

    // Managers see it, download the scan and approve it at 12 % off, keeping the certificate.
    const listed = await t.app.inject({
      url: '/api/trade-applications?status=pending',
      headers: as(manager),
    });
    expect((listed.json().applications as TradeApplication[]).map((a) => a.id)).toContain(made.id);
    const scan = await t.app.inject({
      url: `/api/trade-applications/${made.id}/certificate`,
      headers: as(manager),
    });
    expect(scan.statusCode).toBe(200);
    expect(scan.headers['content-type']).toBe('application/pdf');
    expect(scan.rawPayload.equals(PDF)).toBe(true);
    const approved = await decide(made.id, {
      approve: true,
      priceList: { percentOffBasisPoints: 1200, categories: [], netPrices: [] },
      keepCertificate: true,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', decidedAt: expect.any(String) });
    const [trade] = await t.database.db.select().from(tradeAccounts).where(eq(tradeAccounts.userId, shop.id));
    expect(trade).toMatchObject({
      percentOffBasisPoints: 1200,
      certificateNumber: 'MI-RS-5521',
      certificateStates: ['MI', 'OH'],
      certificateExpiresOn: '2028-06-30',
    });
    expect((await decide(made.id, { approve: false, reason: 'Too late' })).statusCode).toBe(409);
    const audited = await t.database.db.select().from(auditLog).where(eq(auditLog.subjectId, shop.id));
    expect(audited.map((a) => a.action)).toEqual(
      expect.arrayContaining(['trade.opened', 'trade.application_approved']),
    );

    // The shop is told, once, and may not apply again.
    await deliverAll();
    const told = await mailsTo(shop.email);
    expect(told).toHaveLength(1);
    expect(told[0]?.subject).toContain('your trade account is open');
    expect(told[0]?.text).toContain('12% off our list prices');
    expect(told[0]?.text).toContain('certificate MI-RS-5521 until 2028-06-30');
    expect((await apply(shop)).json().error.message).toBe('Your account buys at trade terms already.');
  });

  it('are refused with a reason the shop reads, and the shop may apply again', async () => {
    const shop = await newCustomer(t.app, { name: 'Lee Westside' });
    const made = (
      await apply(shop, { businessName: 'Westside Tires', taxId: '12-7654321' })
    ).json() as TradeApplication;
    expect(made.certificate).toBeNull();
    expect((await decide(made.id, { approve: false, reason: '' })).statusCode).toBe(400);
    const refused = await decide(made.id, { approve: false, reason: 'We could not verify the tax id.' });
    expect(refused.json()).toMatchObject({
      status: 'refused',
      decisionNote: 'We could not verify the tax id.',
    });
    await deliverAll();
    expect((await mailsTo(shop.email))[0]?.text).toContain('We could not verify the tax id.');
    const mine = await t.app.inject({ url: '/api/account/trade-application', headers: as(shop) });
    expect(mine.json().application).toMatchObject({ status: 'refused' });
    expect((await apply(shop, { businessName: 'Westside Tires', taxId: '12-7654321' })).statusCode).toBe(201);
  });

  it('are for customers only, and decided by managers and the owner only', async () => {
    const staff = await newStaff(t.app, 'staff', 'Sam Staff');
    expect((await apply(staff)).json().error.message).toBe('Staff accounts do not apply for trade terms.');
    const shop = await newCustomer(t.app);
    const made = (await apply(shop)).json() as TradeApplication;
    expect((await t.app.inject({ url: '/api/trade-applications', headers: as(staff) })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ url: `/api/trade-applications/${made.id}/certificate`, headers: as(shop) }))
        .statusCode,
    ).toBe(403);
    expect((await decide(made.id, { approve: false, reason: 'No' }, staff)).statusCode).toBe(403);
    expect((await decide(made.id, { approve: false, reason: 'No' }, owner)).statusCode).toBe(200);
  });
});
