import type { OutgoingMail } from '../../../kernel/mail-delivery';
import { type MailContext, render } from '../layout';
import { linkTo } from '../mail-links';

/** A quote's mail (decision 103): its link, which opens it priced as of the day it is opened. */
export function quoteMail(
  to: { name: string; email: string },
  quote: { lineCount: number; expiresOn: string; note: string | null },
  link: string,
  ctx: MailContext,
): OutgoingMail {
  return render(to.email, ctx, {
    subject: `${ctx.brand}: your quote is ready`,
    heading: 'Your quote is ready',
    paragraphs: [
      `Hello ${to.name || to.email},`,
      `We prepared a quote of ${quote.lineCount} ${quote.lineCount === 1 ? 'part' : 'parts'} for you, at your prices. Open it to see the prices and accept it by ${quote.expiresOn}; the parts are held for you once you accept.`,
      ...(quote.note ? [quote.note] : []),
    ],
    action: { label: 'Open your quote', url: linkTo(ctx, link) },
  });
}
