import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signInThroughForms } from './support/admin-page';
import { journeys, launchBrowser, watchForPageErrors } from './support/browser';
import { type StoreProcess, startJourneyStore } from './support/journey-store';
import { mailsWritten } from './support/mailbox';
import { screenshot } from './support/screenshot';

const ADMIN = 'inbox-admin@torque.example';
const VISITOR = 'vera.visitor@example.org';

let store: StoreProcess;
let browser: Browser;

/** The Mailbox page's entry of a mail the server already holds. */
function listedMail(page: Page, subject: string, to: string) {
  return page
    .getByRole('list', { name: 'Mails' })
    .getByRole('listitem')
    .filter({ hasText: subject })
    .filter({ hasText: `To ${to}` })
    .first();
}

const MAILS = [
  { subject: 'TorqueWorks: we received your message', to: VISITOR },
  { subject: 'TorqueWorks: a new message in the Inbox', to: ADMIN },
  { subject: 'TorqueWorks: a reply to your message', to: VISITOR },
];

// No SMTP server is set up: every mail is kept, and the admin reads the reply in the Mailbox
// exactly as the visitor would have received it.
journeys('the inbox: a visitor writes, the admin reads and replies, the reply is mailed', () => {
  beforeAll(async () => {
    store = await startJourneyStore({ ADMIN_EMAILS: ADMIN, OUTBOX_POLL_MS: '100' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await store?.stop();
    store?.cleanUp();
  });

  it('sends a contact message, answers it from the Inbox and finds the reply in the Mailbox', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = watchForPageErrors(page);
    // The admin has an account before the message arrives, so the notice of it is mailed to them.
    await signInThroughForms(page, store.url, { email: ADMIN, name: 'Ada Admin', first: true });
    const visitor = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const visitorErrors = watchForPageErrors(visitor);
    await visitor.goto(`${store.url}/contact`);
    await visitor.getByLabel('Email Address').fill(VISITOR);
    await visitor.getByLabel('Your Name').fill('Vera Visitor');
    await visitor.getByLabel('Your Message').fill('Do you ship brake pads to Leeds?\nThank you.');
    await visitor.getByRole('button', { name: 'Submit' }).click();
    await visitor.getByText('Thank you! Your message has been sent.').waitFor();
    expect(visitorErrors).toEqual([]);

    await page.goto(`${store.url}/dashboard`);
    const menu = page.getByTestId('dashboard-menu');
    const inboxLink = menu.getByRole('link', { name: /^Inbox/ });
    await expect(inboxLink.getByTestId('inbox-unread').textContent()).resolves.toBe('1 unread');
    await inboxLink.click();
    await page.getByRole('heading', { name: 'Inbox' }).waitFor();
    await page.getByText('1 unread message').waitFor();
    const messages = page.getByRole('list', { name: 'Messages' }).getByRole('listitem');
    await expect(messages.count()).resolves.toBe(1);
    await messages.first().getByText('Unread').waitFor();
    await screenshot(page, 'inbox-1280', { fullPage: true });

    await messages.first().getByRole('link', { name: 'Vera Visitor' }).click();
    await page.getByRole('heading', { name: 'Message from Vera Visitor' }).waitFor();
    await page.getByText(VISITOR).first().waitFor();
    // Opening it marked it read: the menu's count is gone.
    await inboxLink.getByTestId('inbox-unread').waitFor({ state: 'detached' });

    await page.getByLabel('Your reply').fill('Yes, we ship to Leeds in two days.');
    await page.getByRole('button', { name: 'Send reply' }).click();
    const replies = page.getByRole('list', { name: 'Replies' }).getByRole('listitem');
    await replies.first().getByText('Yes, we ship to Leeds in two days.').waitFor();
    await replies
      .first()
      .getByText(/Ada Admin/)
      .waitFor();
    await page.getByRole('button', { name: 'Mark handled' }).click();
    await page.getByRole('button', { name: 'Reopen' }).waitFor();
    await page.getByText(/^Handled /).waitFor();
    await screenshot(page, 'inbox-message-1280', { fullPage: true });

    // The same pages on a phone: nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 900 });
    await page.reload();
    await page.getByRole('heading', { name: 'Message from Vera Visitor' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'inbox-message-390', { fullPage: true });
    await page.goto(`${store.url}/dashboard/inbox`);
    await page.getByText('0 unread messages').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'inbox-390', { fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    // The reply, the acknowledgment and the admin's notice, kept in the Mailbox once the job
    // runner wrote them (the server's answer says when).
    for (const { subject, to } of MAILS) {
      await mailsWritten(page, store.url, (mail) => mail.subject === subject && mail.to === to);
    }
    await page.goto(`${store.url}/dashboard/mailbox`);
    await page.getByRole('heading', { name: 'Mailbox' }).waitFor();
    const ack = listedMail(page, 'TorqueWorks: we received your message', VISITOR);
    await ack.waitFor();
    const notice = listedMail(page, 'TorqueWorks: a new message in the Inbox', ADMIN);
    await notice.waitFor();
    const reply = listedMail(page, 'TorqueWorks: a reply to your message', VISITOR);
    await reply.getByRole('link', { name: 'TorqueWorks: a reply to your message' }).click();
    await page.getByRole('heading', { name: 'Text version' }).waitFor();
    const text = await page.locator('pre').textContent();
    expect(text).toContain('Yes, we ship to Leeds in two days.');
    expect(text).toContain('> Do you ship brake pads to Leeds?');
    expect(errors).toEqual([]);
    await context.close();
  });
});
