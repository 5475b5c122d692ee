import { createHash } from 'node:crypto';
import { symmetricEncrypt } from 'better-auth/crypto';
import type { Db } from '../db';
import { type Outbox, publish } from '../outbox';

/**
 * What better-auth asks to be mailed, queued in the outbox for the `account-mail` subscriber
 * (edge/mail/subscribers/account-subscriber.ts): the password reset link (decision 022) and, when
 * sign-up must confirm the address, the confirmation link and the notice to an existing account
 * (decision 033). The token travels sealed with the auth secret (AES-GCM, better-auth's own
 * helper): a reader of the outbox table or its admin page cannot use it.
 */

/** Queues the reset mail for `userId`; called by better-auth's `sendResetPassword`. */
export async function publishPasswordReset(
  db: Db,
  outbox: Outbox,
  secret: string,
  reset: { userId: string; token: string; expiresAt: Date },
) {
  const sealedToken = await symmetricEncrypt({ key: secret, data: reset.token });
  // One message per link asked for; the key names the token without revealing it.
  const key = `password-reset:${createHash('sha256').update(reset.token).digest('base64url')}`;
  await db.transaction((tx) =>
    publish(tx, outbox, 'account.password_reset_requested', key, {
      userId: reset.userId,
      sealedToken,
      expiresAt: reset.expiresAt.toISOString(),
    }),
  );
}

/**
 * Queues the confirmation mail of a new account; called by better-auth's `sendVerificationEmail`
 * (at sign-up, and at a sign-in before the address is confirmed).
 */
export async function publishEmailConfirmation(
  db: Db,
  outbox: Outbox,
  secret: string,
  request: { userId: string; token: string },
) {
  const sealedToken = await symmetricEncrypt({ key: secret, data: request.token });
  const key = `email-confirmation:${createHash('sha256').update(request.token).digest('base64url')}`;
  await db.transaction((tx) =>
    publish(tx, outbox, 'account.email_confirmation_requested', key, { userId: request.userId, sealedToken }),
  );
}

/**
 * Queues the notice to an existing account that someone signed up with its address: at most one
 * an hour per account (the key names the hour), so sign-ups cannot flood its owner's mailbox.
 */
export async function publishSignUpRepeated(db: Db, outbox: Outbox, userId: string, now = new Date()) {
  const hour = now.toISOString().slice(0, 13);
  await db.transaction((tx) =>
    publish(tx, outbox, 'account.sign_up_repeated', `sign-up-repeated:${userId}:${hour}`, { userId }),
  );
}
