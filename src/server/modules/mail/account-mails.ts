import type { OutgoingMail } from './mailer';
import { linkTo, type MailContext, render } from './order-mails';

/** The page of the web app where a reset link lands. */
export const resetPasswordPath = (token: string) => `/reset-password?token=${encodeURIComponent(token)}`;

/** The password reset mail: the link, how long it works, and what to do if it was not asked for. */
export function passwordResetMail(
  owner: { email: string; name: string },
  token: string,
  expiresAt: Date,
  ctx: MailContext,
): OutgoingMail {
  return render(owner.email, ctx, {
    subject: `${ctx.brand}: reset your password`,
    heading: 'Reset your password',
    paragraphs: [
      `Hello ${owner.name},`,
      'Someone (we hope you) asked to reset the password of your account. Follow the link to choose a new one. It works once, until ' +
        `${expiresAt.toUTCString()}, and signs you out everywhere else.`,
      'If you did not ask for this, ignore this mail: your password stays as it is.',
    ],
    action: { label: 'Choose a new password', url: linkTo(ctx, resetPasswordPath(token)) },
  });
}
