import type { Page } from 'playwright-core';
import { vi } from 'vitest';
import type { MailSummary } from '../../src/contract/mail';

/**
 * Waits until the store's job runner has written the mails a journey caused: asks the server
 * (GET /api/manage/mails, with the admin page's session) until `count` mails match, and answers
 * them newest first. The Mailbox page does not refresh itself, so the journey opens it once the
 * server holds the mail, instead of reloading the page on a timer.
 */
export async function mailsWritten(
  admin: Page,
  storeUrl: string,
  matches: (mail: MailSummary) => boolean,
  count = 1,
): Promise<MailSummary[]> {
  return vi.waitFor(
    async () => {
      const response = await admin.request.get(`${storeUrl}/api/manage/mails`);
      if (!response.ok()) throw new Error(`the Mailbox answered ${response.status()}`);
      const { mails } = (await response.json()) as { mails: MailSummary[] };
      const found = mails.filter(matches);
      if (found.length < count) throw new Error(`${found.length} of ${count} mails written so far`);
      return found;
    },
    { timeout: 60_000, interval: 100 },
  );
}
