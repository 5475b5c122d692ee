import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../../kernel/db/schema';
import { recipientOf } from '../../kernel/mail-delivery/mailer';
import type { TestApp } from '../../test/harness';
import type { TestSession } from '../../test/sessions';
import { type SmtpCatcher, startSmtpCatcher } from '../../test/smtp-catcher';
import { createAdminApp } from '../../test/store-flow';

/**
 * The contact form mails exactly one address: its acknowledgment once went to every address of a
 * list, to a Bcc written after a line break, and to four spellings of one address in a minute.
 * The address is now one bare address or a 400 saying what is wrong, the hourly acknowledgment is
 * keyed on its normalised form, and no text a visitor typed goes into a mail header.
 */

let smtp: SmtpCatcher;
let t: TestApp;
let admin: TestSession;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  ({ t, admin } = await createAdminApp({
    smtp: { url: smtp.url, from: 'Torque Works <shop@torqueworks.example>' },
  }));
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

const contact = (email: string, name = 'Visitor') =>
  t.app.inject({ method: 'POST', url: '/api/contact', payload: { email, name, message: 'Hello' } });

const stored = async () => (await t.database.db.select({ n: count() }).from(contactMessages))[0]?.n;

describe('the contact form’s address', () => {
  it.each([
    ['a@victim.example, b@victim.example, c@victim.example', 'Give one email address, not a list'],
    ['a@victim.example; b@victim.example', 'Give one email address, not a list'],
    [
      'a@x.example\r\nBcc: d@evil.example',
      'Give one email address on one line, without line breaks or control characters',
    ],
    [
      'a@x.example\nbcc:d@evil.example',
      'Give one email address on one line, without line breaks or control characters',
    ],
    ['<solo@x.example>', 'Give the address alone (name@example.com), without a name or angle brackets'],
    ['x <solo@x.example>', 'Give the address alone (name@example.com), without a name or angle brackets'],
    ['"Solo" solo@x.example', 'Give the address alone (name@example.com), without a name or angle brackets'],
  ])('%j is refused with 400 and stores nothing', async (email, message) => {
    const before = await stored();
    const res = await contact(email);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { code: 'VALIDATION_FAILED', message, issues: [{ path: 'email', message }] },
    });
    expect(await stored()).toBe(before);
  });

  it('every spelling of one address gets one acknowledgment an hour, and mails go nowhere else', async () => {
    const sent = smtp.received.length;
    for (const email of ['solo@x.example', 'SOLO@x.example', '  Solo@X.Example  '])
      expect((await contact(email)).statusCode).toBe(201);
    await t.app.jobs.drain();
    const mails = smtp.deliveredTo.slice(sent);
    const acknowledged = mails.filter((to) => to.includes('solo@x.example'));
    expect(acknowledged).toEqual([['solo@x.example']]);
    // Three notices to the admin, and nothing to any other mailbox.
    expect(mails.flat().filter((to) => to !== 'solo@x.example')).toEqual([
      admin.email,
      admin.email,
      admin.email,
    ]);
  });

  it('a name with a forged header line stays in the body: the notice’s subject is the store’s own', async () => {
    const sent = smtp.received.length;
    expect((await contact('writer@x.example', 'Eve\r\nBcc: d@evil.example')).statusCode).toBe(201);
    await t.app.jobs.drain();
    const arrived = smtp.received.slice(sent);
    expect(smtp.deliveredTo.slice(sent).flat().sort()).toEqual([admin.email, 'writer@x.example'].sort());
    for (const mail of arrived) {
      expect(mail.subject).not.toContain('Eve');
      expect(mail.headers.has('bcc')).toBe(false);
    }
  });

  it('the mailer sends to one bare address only, given to nodemailer as an address object', () => {
    expect(recipientOf('solo@x.example')).toEqual({ name: '', address: 'solo@x.example' });
    for (const to of ['a@x.example, b@x.example', 'a@x.example\r\nBcc: d@evil.example', 'X <a@x.example>'])
      expect(() => recipientOf(to)).toThrow();
  });
});
