import { HIDDEN_SECRET, type MailList, type MailView } from '@contract/mail';
import { http, json, mockApi, refusal, renderPage, screen, shows, waitFor } from '@web/test/page';
import { beforeEach, describe, expect, it } from 'vitest';
import { MailboxPage, MailPage } from './mailbox-page';

const confirmation: MailView = {
  id: 12,
  to: 'casey@example.com',
  subject: 'Your order TW-1042 is on its way',
  status: 'sent',
  orderId: 'order-1',
  createdAt: '2026-11-25T10:00:00.000Z',
  sentAt: '2026-11-25T10:00:05.000Z',
  html: '<p>Hi Casey, <b>TW-1042</b> shipped with UPS.</p>',
  text: 'Hi Casey,\n\nTW-1042 shipped with UPS, tracking number 1Z999AA10123456784.',
  secretHidden: false,
};
const reset: MailView = {
  id: 11,
  to: 'ada@torque.example',
  subject: 'Reset your password',
  status: 'kept',
  orderId: null,
  createdAt: '2026-11-24T10:00:00.000Z',
  sentAt: null,
  html: `<a href="/reset?token=${HIDDEN_SECRET}">Reset</a>`,
  text: `Open /reset?token=${HIDDEN_SECRET} to choose a new password.`,
  secretHidden: true,
};
const summary = ({ html: _h, text: _t, secretHidden: _s, ...m }: MailView) => m;
let list: MailList;

mockApi(
  http.get('/api/manage/mails', () => json(list)),
  http.get('/api/manage/mails/:id', ({ params }) => {
    const mail = [confirmation, reset].find((m) => String(m.id) === params.id);
    return mail ? json(mail) : refusal(404, 'NOT_FOUND', 'There is no such mail.');
  }),
);

beforeEach(() => {
  list = { smtpConfigured: true, mails: [summary(confirmation), summary(reset)] };
});

const cards = () => [...screen().querySelectorAll('[aria-label="Mails"] > li')] as HTMLElement[];
const open = async (id: number) => {
  await renderPage(<MailPage />, { address: `/dashboard/mailbox/${id}`, pattern: '/dashboard/mailbox/:id' });
  await waitFor(() => expect(screen().querySelector('pre')).not.toBeNull());
};

describe('the mailbox', () => {
  it('lists every mail with its subject, recipient and whether it left the store', async () => {
    await renderPage(<MailboxPage />, { address: '/dashboard/mailbox' });
    await waitFor(() => expect(cards()).toHaveLength(2));
    const [shipped, kept] = cards() as [HTMLElement, HTMLElement];
    expect(shipped.querySelector('a')?.textContent).toBe('Your order TW-1042 is on its way');
    expect(shipped.querySelector('a')?.getAttribute('href')).toBe('/dashboard/mailbox/12');
    expect(shipped.textContent).toContain('To casey@example.com');
    expect(shipped.textContent).toContain('Sent');
    expect(kept.textContent).toContain('To ada@torque.example');
    expect(kept.textContent).toContain('Not sent: no SMTP server is set up');
    // With an SMTP server set up there is no warning over the list.
    expect(screen().querySelector('[role="note"]')).toBeNull();
  });

  it('warns that no mail leaves the store while no SMTP server is set up', async () => {
    list = { smtpConfigured: false, mails: [summary(reset)] };
    await renderPage(<MailboxPage />, { address: '/dashboard/mailbox' });
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(screen().querySelector('[role="note"]')?.textContent).toContain(
      'set SMTP_URL and MAIL_FROM to send them to customers',
    );
  });

  it('opens one mail: its details, its text version as written, its HTML in an empty sandbox', async () => {
    await open(12);
    expect(screen().querySelector('h2')?.textContent).toBe('Your order TW-1042 is on its way');
    expect(screen().querySelector('dl')?.textContent).toContain('Tocasey@example.com');
    expect(screen().querySelector('dl')?.textContent).toContain('Sent');
    expect(screen().querySelector('pre')?.textContent).toBe(
      'Hi Casey,\n\nTW-1042 shipped with UPS, tracking number 1Z999AA10123456784.',
    );
    const frame = screen().querySelector('iframe') as HTMLIFrameElement;
    expect(frame.getAttribute('title')).toBe('HTML version of Your order TW-1042 is on its way');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe('<p>Hi Casey, <b>TW-1042</b> shipped with UPS.</p>');
    expect(screen().querySelector('a[href="/dashboard/mailbox"]')?.textContent).toBe('Back to the Mailbox');
  });

  it('says when a mail had its account link hidden, and that a kept one reached no one', async () => {
    await open(11);
    expect(screen().querySelector('pre')?.textContent).toBe(
      `Open /reset?token=${HIDDEN_SECRET} to choose a new password.`,
    );
    await shows("The link in this mail opens its recipient's account, so it is hidden here.");
    expect(screen().textContent).toContain('With no SMTP server set up it reached no one');
  });
});
