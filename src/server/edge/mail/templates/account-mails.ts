import { pages } from '../../../../contract/pages';
import type { OutgoingMail } from '../../../kernel/mail-delivery';
import { type MailContext, render } from '../layout';
import { linkTo } from '../mail-links';

/** The password reset mail: the link, how long it works, and what to do if it was not asked for. */
export function passwordResetMail(
  owner: { email: string; name: string },
  token: string,
  expiresAt: Date,
  ctx: MailContext,
): OutgoingMail {
  const mail = render(owner.email, ctx, {
    subject: `${ctx.brand}: reset your password`,
    heading: 'Reset your password',
    paragraphs: [
      `Hello ${owner.name},`,
      'Someone (we hope you) asked to reset the password of your account. Follow the link to choose a new one. It works once, until ' +
        `${expiresAt.toUTCString()}, and signs you out everywhere else.`,
      'If you did not ask for this, ignore this mail: your password stays as it is.',
    ],
    action: { label: 'Choose a new password', url: linkTo(ctx, pages.resetPassword.withToken(token)) },
  });
  // The token is what opens the account: the Mailbox hides it (mail.service.ts).
  return { ...mail, secret: token };
}

/** Where a confirmation link lands: better-auth confirms the address, signs the account in and goes home. */
export const confirmEmailPath = (token: string) =>
  `/api/auth/verify-email?token=${encodeURIComponent(token)}&callbackURL=${encodeURIComponent(pages.home.path)}`;

/** The mail that confirms a new account's address before it can sign in (REQUIRE_EMAIL_VERIFICATION). */
export function emailConfirmationMail(
  owner: { email: string; name: string },
  token: string,
  ctx: MailContext,
): OutgoingMail {
  const mail = render(owner.email, ctx, {
    subject: `${ctx.brand}: confirm your e-mail address`,
    heading: 'Confirm your e-mail address',
    paragraphs: [
      `Hello ${owner.name},`,
      'Follow the link to confirm this address and sign in to your new account. It works for an hour; signing in again later sends a new one.',
      'If you did not sign up, ignore this mail: no account is opened without it.',
    ],
    action: { label: 'Confirm my address', url: linkTo(ctx, confirmEmailPath(token)) },
  });
  return { ...mail, secret: token };
}

/**
 * The mail to an existing account when someone signs up with its address: sign-up answers a known
 * and a new address alike, so the owner hears of it here instead, with the ways back in.
 */
export function signUpRepeatedMail(owner: { email: string; name: string }, ctx: MailContext): OutgoingMail {
  return render(owner.email, ctx, {
    subject: `${ctx.brand}: you already have an account`,
    heading: 'You already have an account',
    paragraphs: [
      `Hello ${owner.name},`,
      'Someone (we hope you) tried to sign up with this address, which already has an account with us. Log in instead; if you forgot the password, "Forgot password?" on the login page mails you a link to choose a new one.',
      'If it was not you, ignore this mail: nothing changed.',
    ],
    action: { label: 'Log in', url: linkTo(ctx, pages.login.path) },
  });
}
