import { createHash } from 'node:crypto';
import { symmetricDecrypt, symmetricEncrypt } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { user } from '../../db/schema';
import type { MessageHandler } from '../../jobs/job-runner';
import { publish, type Topics } from '../outbox/outbox';
import { passwordResetMail } from './account-mails';
import { deliverMail } from './mail.service';
import type { Mailer } from './mailer';
import type { MailContext } from './order-mails';

/**
 * The `account-mail` subscriber and its publisher: mails about the account itself, today the
 * password reset link (docs/decisions/022-passwords-and-sessions.md).
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
 * Mails the account's owner the reset link. The address is read when the message is delivered; the
 * mail is recorded under the message's key, so a redelivered message sends nothing twice.
 */
export function accountMailHandler(
  db: Db,
  mailer: Mailer | undefined,
  ctx: MailContext,
  secret: string,
): MessageHandler {
  return async (message) => {
    if (message.topic !== 'account.password_reset_requested') return;
    const request = message.payload as Topics['account.password_reset_requested'];
    const [owner] = await db
      .select({ email: user.email, name: user.name })
      .from(user)
      .where(eq(user.id, request.userId));
    if (!owner) return;
    const token = await symmetricDecrypt({ key: secret, data: request.sealedToken });
    await deliverMail(
      db,
      mailer,
      `account-mail:${message.key}`,
      passwordResetMail(owner, token, new Date(request.expiresAt), ctx),
    );
  };
}
