import { symmetricDecrypt } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../kernel/db';
import { user } from '../../../kernel/db';
import type { Mailer } from '../../../kernel/mail-delivery';
import { deliverMail } from '../../../kernel/mail-delivery';
import type { MessageHandler, Topics } from '../../../kernel/outbox';
import type { MailContext } from '../layout';
import { emailConfirmationMail, passwordResetMail, signUpRepeatedMail } from '../templates/account-mails';

/**
 * The `account-mail` subscriber: mails about the account itself, the password reset link
 * (docs/decisions/022-passwords-and-sessions.md) and, when sign-up must confirm the address, the
 * confirmation link and the notice to an existing account (docs/decisions/033). better-auth asks
 * for them through kernel/identity/account-messages.ts.
 *
 * The reset token travels through the outbox sealed with the auth secret (AES-GCM, better-auth's own
 * helper): a reader of the outbox table or its admin page cannot use it. The mail itself must carry
 * the link, so the `mails` row that records it does hold the link, for the hour it works.
 */

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
