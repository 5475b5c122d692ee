import { createHash } from 'node:crypto';
import { symmetricDecrypt, symmetricEncrypt } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../kernel/db/database';
import { user } from '../../../kernel/db/schema';
import type { MessageHandler } from '../../../kernel/jobs/job-runner';
import { deliverMail } from '../../../kernel/mail-delivery/mail.service';
import type { Mailer } from '../../../kernel/mail-delivery/mailer';
import { publish, type Topics } from '../../../kernel/outbox/outbox';
import type { MailContext } from '../layout';
import { emailConfirmationMail, passwordResetMail, signUpRepeatedMail } from '../templates/account-mails';

/**
 * The `account-mail` subscriber and its publishers: mails about the account itself, the password
 * reset link (docs/decisions/022-passwords-and-sessions.md) and, when sign-up must confirm the
 * address, the confirmation link and the notice to an existing account (docs/decisions/033).
 *
 * The reset token travels through the outbox sealed with the auth secret (AES-GCM, better-auth's own
 * helper): a reader of the outbox table or its admin page cannot use it. The mail itself must carry
 * the link, so the `mails` row that records it does hold the link, for the hour it works.
 */

/** Queues the reset mail for `userId`; called by better-auth's `sendResetPassword`. */
export async function publishPasswordReset(
  db: Db,
  secret: string,
  reset: { userId: string; token: string; expiresAt: Date },
) {
  const sealedToken = await symmetricEncrypt({ key: secret, data: reset.token });
  // One message per link asked for; the key names the token without revealing it.
  const key = `password-reset:${createHash('sha256').update(reset.token).digest('base64url')}`;
  await db.transaction((tx) =>
    publish(tx, 'account.password_reset_requested', key, {
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
  secret: string,
  request: { userId: string; token: string },
) {
  const sealedToken = await symmetricEncrypt({ key: secret, data: request.token });
  const key = `email-confirmation:${createHash('sha256').update(request.token).digest('base64url')}`;
  await db.transaction((tx) =>
    publish(tx, 'account.email_confirmation_requested', key, { userId: request.userId, sealedToken }),
  );
}

/**
 * Queues the notice to an existing account that someone signed up with its address: at most one
 * an hour per account (the key names the hour), so sign-ups cannot flood its owner's mailbox.
 */
export async function publishSignUpRepeated(db: Db, userId: string, now = new Date()) {
  const hour = now.toISOString().slice(0, 13);
  await db.transaction((tx) =>
    publish(tx, 'account.sign_up_repeated', `sign-up-repeated:${userId}:${hour}`, { userId }),
  );
}

/**
 * Mails the account's owner the reset link. The address is read when the message is delivered; the
 * mail is recorded under the message's key, so a redelivered message sends nothing twice.
 */
export function accountMailHandler(
  db: Db,
  mailer: Mailer | undefined,
  ctx: MailContext,
  secret: string,
): MessageHandler {
  const ownerOf = async (userId: string) => {
    const [owner] = await db
      .select({ email: user.email, name: user.name })
      .from(user)
      .where(eq(user.id, userId));
    return owner;
  };
  return async (message, delivery) => {
    const key = `account-mail:${message.key}`;
    if (message.topic === 'account.password_reset_requested') {
      const request = message.payload as Topics['account.password_reset_requested'];
      const owner = await ownerOf(request.userId);
      if (!owner) return;
      const token = await symmetricDecrypt({ key: secret, data: request.sealedToken });
      await deliverMail(
        db,
        mailer,
        delivery,
        key,
        passwordResetMail(owner, token, new Date(request.expiresAt), ctx),
      );
      return;
    }
    if (message.topic === 'account.email_confirmation_requested') {
      const request = message.payload as Topics['account.email_confirmation_requested'];
      const owner = await ownerOf(request.userId);
      if (!owner) return;
      const token = await symmetricDecrypt({ key: secret, data: request.sealedToken });
      await deliverMail(db, mailer, delivery, key, emailConfirmationMail(owner, token, ctx));
      return;
    }
    if (message.topic === 'account.sign_up_repeated') {
      const { userId } = message.payload as Topics['account.sign_up_repeated'];
      const owner = await ownerOf(userId);
      if (owner) await deliverMail(db, mailer, delivery, key, signUpRepeatedMail(owner, ctx));
    }
  };
}
