import type { Db } from '../../../kernel/db';
import type { Mailer } from '../../../kernel/mail-delivery';
import { deliverMail } from '../../../kernel/mail-delivery';
import type { MessageHandler, Topics } from '../../../kernel/outbox';
import { getTradeAccount, tradeApplicationById } from '../../../modules/accounts';
import type { MailContext } from '../layout';
import { tradeApplicationMail } from '../templates/trade-mails';

/**
 * The `trade-application-mail` subscriber: a decided application, mailed to the shop as it stands
 * at delivery, recorded under the message's key (a redelivery sends nothing twice).
 */
export function tradeMailHandler(db: Db, mailer: Mailer | undefined, ctx: MailContext): MessageHandler {
  return async (message, delivery) => {
    if (message.topic !== 'trade.application_decided') return;
    const { applicationId } = message.payload as Topics['trade.application_decided'];
    const application = await tradeApplicationById(db, applicationId);
    const trade = application.status === 'approved' ? await getTradeAccount(db, application.userId) : null;
    await deliverMail(
      db,
      mailer,
      delivery,
      `trade-application-mail:${message.key}`,
      tradeApplicationMail(application, trade, ctx),
    );
  };
}
