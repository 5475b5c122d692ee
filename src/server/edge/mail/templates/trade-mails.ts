import { percentText } from '../../../../contract/discounts';
import type { TradeAccount, TradeApplication } from '../../../../contract/trade';
import type { OutgoingMail } from '../../../kernel/mail-delivery';
import { linesOf, type MailContext, render } from '../layout';
import { linkTo } from '../mail-links';

/**
 * The shop's answer to its application for trade terms (decision 101): the terms it now buys at,
 * or why not, in the manager's words.
 */
export function tradeApplicationMail(
  application: TradeApplication,
  trade: TradeAccount | null,
  ctx: MailContext,
): OutgoingMail {
  const greeting = `Hello ${application.customerName || application.businessName},`;
  if (application.status === 'approved' && trade) {
    const percent = trade.priceList.percentOffBasisPoints;
    return render(application.customerEmail, ctx, {
      subject: `${ctx.brand}: your trade account is open`,
      heading: 'Your trade account is open',
      paragraphs: [
        greeting,
        `${application.businessName} now buys at trade prices: signed in, you see them on every product, in your cart and at checkout.`,
        ...(trade.groupName
          ? [`Your account buys at our ${trade.groupName} prices.`]
          : percent > 0
            ? [`Your price list takes ${percentText(percent)} off our list prices.`]
            : []),
        ...(trade.certificate
          ? [
              `Orders shipped to ${trade.certificate.states.join(', ')} carry no sales tax under certificate ${trade.certificate.number} until ${trade.certificate.expiresOn}.`,
            ]
          : []),
      ],
      action: { label: 'Shop at trade prices', url: linkTo(ctx, '/') },
    });
  }
  return render(application.customerEmail, ctx, {
    subject: `${ctx.brand}: your application for a trade account`,
    heading: 'About your trade application',
    paragraphs: [
      greeting,
      `We could not open a trade account for ${application.businessName} this time.`,
      ...linesOf(application.decisionNote ?? ''),
      'You can apply again from your account page once this is resolved.',
    ],
    action: { label: 'Your account', url: linkTo(ctx, '/dashboard') },
  });
}
