import type { PricedLine } from '@contract/pricing';
import { OrderSummary } from '@web/shared/pricing/order-summary';
import { renderPage, screen, text } from '@web/test/page';
import { describe, expect, it } from 'vitest';
import { CartLineItem } from './cart-line-item';

describe('trade prices and tax exemption on the page', () => {
  const line: PricedLine = {
    productId: 't-1',
    name: 'Brake pads',
    image: '/images/x.svg',
    unitPriceCents: 4200,
    listUnitPriceCents: 5999,
    quantity: 1,
    minimum: 1,
    available: 10,
    lineTotalCents: 4200,
    discountCents: 0,
    coreChargeCents: 0,
    coreTotalCents: 0,
    problem: null,
  };

  it('shows a trade price beside the list price, and a list price alone otherwise', async () => {
    const noop = () => {};
    await renderPage(
      <ul>
        <CartLineItem line={line} busy={false} error={null} onQuantity={noop} onRemove={noop} />
        <CartLineItem
          line={{ ...line, productId: 't-2', unitPriceCents: 899, listUnitPriceCents: undefined }}
          busy={false}
          error={null}
          onQuantity={noop}
          onRemove={noop}
        />
      </ul>,
    );
    const trade = [...screen().querySelectorAll('[data-testid="trade-price"]')].map((e) => e.textContent);
    expect(trade).toEqual(['(your trade price; list $59.99)']);
    expect(text()).toContain('$42.00 each');
    expect(text()).toContain('$8.99 each');
  });

  it('says an order carried no tax under its certificate', async () => {
    await renderPage(
      <OrderSummary
        totals={{
          subtotalCents: 6896,
          shippingCents: 799,
          taxCents: 0,
          totalCents: 7695,
          taxRateBasisPoints: 0,
          taxExemptCertificate: 'MI-RS-40021',
        }}
      />,
    );
    expect(text()).toContain('Tax exempt for resale (certificate MI-RS-40021)$0.00');
  });
});
