import { and, eq, sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HIDDEN_SECRET, type MailList, type MailView } from '../../../contract/mail';
import { auditLog, mails, outboxMessages } from '../../kernel/db/schema';
import { createTestApp, type TestApp, testConfig } from '../../test/harness';
import { signIn, signUp, type TestSession, uniqueEmail } from '../../test/sessions';
import { type SmtpCatcher, startSmtpCatcher } from '../../test/smtp-catcher';
import { as } from '../../test/store-flow';

/**
 * Admins cannot take over accounts through the Mailbox. With SMTP set, the Mailbox used to keep and
 * show the reset mail's link, so any admin could reset any account, other admins included. Now a
 * mail's secret is masked once the SMTP server accepted it (and while it waits), and without SMTP
 * no one but the recipient sees a live link: not another admin's, not a customer's (a manager
 * reading a customer's link could take the account, and nothing said who had). The recipient
 * reading their own is in the audit log.
 */

const LINK = /reset-password\?token=([A-Za-z0-9_%-]+)/;

const requestReset = (t: TestApp, email: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email } });

const resetStatus = async (t: TestApp, token: string) =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'Taken#Over99' },
    })
  ).statusCode;

/** The admin's view of the newest mail to `to`. */
async function opened(t: TestApp, viewer: TestSession, to: string): Promise<MailView> {
  const list = (await t.app.inject({ url: '/api/manage/mails', headers: as(viewer) })).json() as MailList;
  const summary = list.mails.find((m) => m.to === to);
  if (!summary) throw new Error(`no mail to ${to}`);
  return (
    await t.app.inject({ url: `/api/manage/mails/${summary.id}`, headers: as(viewer) })
  ).json() as MailView;
}

async function adminsApp(overrides: Parameters<typeof createTestApp>[0] = {}) {
  const emails = [uniqueEmail('owner'), uniqueEmail('staff')];
  const t = await createTestApp({ ...overrides, auth: { ...testConfig().auth, adminEmails: emails } });
  const owner = await signUp(t.app, { email: emails[0] });
  const staff = await signUp(t.app, { email: emails[1] });
  return { t, owner, staff };
}

describe('with SMTP', () => {
  let smtp: SmtpCatcher;
  let t: TestApp;
  let staff: TestSession;
  let victim: TestSession;
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    ({ t, staff } = await adminsApp({ smtp: { url: smtp.url, from: 'Shop <shop@example.com>' } }));
    victim = await signUp(t.app);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  it('the mail leaves with its link; the Mailbox shows it masked and keeps no copy', async () => {
    expect((await requestReset(t, victim.email)).statusCode).toBe(200);
    await t.app.jobs.drain();
    const sent = smtp.received.at(-1) as ParsedMail;
    const token = decodeURIComponent(LINK.exec(sent.text ?? '')?.[1] ?? '');
    expect(token.length).toBeGreaterThan(10);

    const view = await opened(t, staff, victim.email);
    expect(view.status).toBe('sent');
    expect(view.secretHidden).toBe(true);
    expect(view.text).toContain(`reset-password?token=${HIDDEN_SECRET}`);
    for (const part of [view.text, view.html]) expect(part).not.toContain(token);
    const [row] = await t.app.db.select().from(mails).where(eq(mails.id, view.id));
    expect(JSON.stringify(row)).not.toContain(token);
    // The victim's own link still works.
    expect(await resetStatus(t, token)).toBe(200);
  });

  it('while the SMTP server is down the waiting mail is masked too, and goes out whole once it is back', async () => {
    await smtp.stop();
    expect((await requestReset(t, victim.email)).statusCode).toBe(200);
    await t.app.jobs.drain();
    const waiting = await opened(t, staff, victim.email);
    expect(waiting.status).toBe('pending');
    expect(waiting.secretHidden).toBe(true);
    expect(waiting.text).toContain(HIDDEN_SECRET);
    await smtp.start();
    // Past the retry's wait, as the job runner's clock would be.
    await t.app.db
      .update(outboxMessages)
      .set({ runAfter: sql`now()` })
      .where(and(eq(outboxMessages.subscriber, 'account-mail'), eq(outboxMessages.status, 'queued')));
    await t.app.jobs.drain();
    const token = decodeURIComponent(LINK.exec((smtp.received.at(-1) as ParsedMail).text ?? '')?.[1] ?? '');
    expect(await resetStatus(t, token)).toBe(200);
  });
});

describe('without SMTP', () => {
  let t: TestApp;
  let owner: TestSession;
  let staff: TestSession;
  beforeAll(async () => {
    ({ t, owner, staff } = await adminsApp());
  });
  afterAll(() => t?.close());

  it('no admin sees a live link for another admin’s account; its owner does, and the audit log says so', async () => {
    expect((await requestReset(t, owner.email)).statusCode).toBe(200);
    await t.app.jobs.drain();
    const seenByStaff = await opened(t, staff, owner.email);
    expect(seenByStaff.status).toBe('kept');
    expect(seenByStaff.secretHidden).toBe(true);
    expect(seenByStaff.text).toContain(HIDDEN_SECRET);
    expect(await shownRows(seenByStaff.id)).toEqual([]);
    const ownView = await opened(t, owner, owner.email);
    expect(ownView.secretHidden).toBe(false);
    const token = decodeURIComponent(LINK.exec(ownView.text)?.[1] ?? '');
    expect(seenByStaff.text).not.toContain(token);
    expect(seenByStaff.html).not.toContain(token);
    expect(await shownRows(ownView.id)).toEqual([
      {
        action: 'mail.secret_shown',
        actorEmail: owner.email,
        after: { to: owner.email, subject: ownView.subject, status: 'kept' },
      },
    ]);
    expect(await resetStatus(t, token)).toBe(200);
  });

  it('a customer’s live link is masked for every admin, and opening it writes no row', async () => {
    const customer = await signUp(t.app);
    expect((await requestReset(t, customer.email)).statusCode).toBe(200);
    await t.app.jobs.drain();
    // The owner set a new password in the test before, which ended their sessions.
    const ownerAgain = await signIn(t.app, owner.email, 'Taken#Over99');
    for (const admin of [ownerAgain, staff]) {
      const view = await opened(t, admin, customer.email);
      expect(view.status).toBe('kept');
      expect(view.secretHidden).toBe(true);
      expect(view.text).toContain(`reset-password?token=${HIDDEN_SECRET}`);
      expect(view.html).toContain(`reset-password?token=${HIDDEN_SECRET}`);
      expect(await shownRows(view.id)).toEqual([]);
    }
    // The link is live and kept (only its recipient could read it here): it still works.
    const [row] = await t.app.db.select().from(mails).where(eq(mails.toAddress, customer.email));
    expect(row?.secret).toBeTruthy();
    expect(row?.text).toContain(row?.secret as string);
    expect(await resetStatus(t, row?.secret as string)).toBe(200);
  });

  async function shownRows(mailId: number) {
    return (
      await t.app.db
        .select({ action: auditLog.action, actorEmail: auditLog.actorEmail, after: auditLog.after })
        .from(auditLog)
        .where(and(eq(auditLog.subjectType, 'mail'), eq(auditLog.subjectId, String(mailId))))
    ).map((r) => r);
  }
});
