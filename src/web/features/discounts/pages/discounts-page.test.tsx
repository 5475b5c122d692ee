import type { Discount, DiscountInput } from '@contract/discounts';
import { brands, categories } from '@web/test/catalog';
import {
  answer,
  click,
  field,
  http,
  json,
  mockApi,
  refusal,
  renderPage,
  screen,
  sent,
  shows,
  submit,
  type,
  waitFor,
} from '@web/test/page';
import { beforeEach, describe, expect, it } from 'vitest';
import { DiscountsPage } from './discounts-page';

const brakes10: Discount = {
  id: 'd-1',
  code: 'BRAKES10',
  name: '10% off brakes',
  automatic: false,
  kind: 'percent',
  value: 1000,
  appliesTo: 'categories',
  categorySlugs: ['brakes'],
  brandNames: [],
  minSubtotalCents: 0,
  freeShipping: false,
  startsAt: '2026-11-01T00:00:00.000Z',
  endsAt: null,
  usageLimit: 100,
  perCustomerLimit: 1,
  usedCount: 7,
  state: 'active',
  summary: '10% off Brakes',
  updatedAt: '2026-11-01T00:00:00.000Z',
};
/** The store's discounts, changed by the page's own calls. */
let discounts: Discount[];

mockApi(
  http.get('/api/categories', () => json(categories)),
  http.get('/api/brands', () => json(brands)),
  http.get('/api/discounts', () => json({ discounts })),
  http.post('/api/discounts', async ({ request }) => {
    const input = (await request.json()) as DiscountInput;
    const made: Discount = {
      ...brakes10,
      ...input,
      id: 'd-2',
      code: input.code ?? null,
      automatic: input.code === null,
      appliesTo: input.appliesTo ?? 'order',
      categorySlugs: [],
      minSubtotalCents: input.minSubtotalCents ?? 0,
      usageLimit: null,
      perCustomerLimit: null,
      usedCount: 0,
      summary: '12.5% off the order',
    } as Discount;
    discounts = [...discounts, made];
    return json(made, 201);
  }),
  http.post('/api/discounts/:id/end', ({ params }) => {
    discounts = discounts.map((d) => (d.id === params.id ? { ...d, state: 'ended' } : d));
    return json(discounts.find((d) => d.id === params.id));
  }),
);

beforeEach(() => {
  discounts = [brakes10];
});

const table = () => screen().querySelector('[data-testid="discounts"]')?.textContent ?? '';
const newForm = () => screen().querySelector('form[aria-label="Create discount"]') as HTMLFormElement;

describe('the discounts page', () => {
  it('lists each discount with its uses and state, and creates a code from dollars and percents typed', async () => {
    await renderPage(<DiscountsPage />);
    await waitFor(() => expect(table()).toContain('BRAKES10'));
    expect(table()).toContain('Categories: brakes');
    expect(table()).toContain('7 of 100');
    expect(table()).toContain('Running');

    await click('New discount');
    type(field('Code', newForm()), 'SPRING15');
    type(field('Name buyers read', newForm()), 'Spring sale');
    type(field('Percent', newForm()), '12.5');
    type(field('Minimum subtotal ($, optional)', newForm()), '50');
    await submit(newForm());
    await shows('SPRING15 is created');
    // Percent as basis points and dollars as cents, worked out without float arithmetic.
    expect(sent('POST', '/api/discounts')).toEqual([
      {
        code: 'SPRING15',
        name: 'Spring sale',
        kind: 'percent',
        value: 1250,
        appliesTo: 'order',
        categorySlugs: [],
        brandNames: [],
        minSubtotalCents: 5000,
        freeShipping: false,
        endsAt: null,
        usageLimit: null,
        perCustomerLimit: null,
      },
    ]);
    await waitFor(() => expect(table()).toContain('SPRING15'));
    expect(newForm()).toBeNull();
  });

  it('says what is wrong with a percent it cannot read, and sends nothing', async () => {
    await renderPage(<DiscountsPage />);
    await click('New discount');
    type(field('Code', newForm()), 'SPRING15');
    type(field('Name buyers read', newForm()), 'Spring sale');
    type(field('Percent', newForm()), 'ten');
    await submit(newForm());
    await shows('Enter the percent as a number, like 10 or 12.5');
    expect(sent('POST', '/api/discounts')).toEqual([]);
  });

  it("keeps what was typed and shows the store's refusal", async () => {
    answer(
      http.post('/api/discounts', () =>
        refusal(409, 'CONFLICT', 'A discount with this code exists', [
          { path: 'code', message: 'The code BRAKES10 is taken' },
        ]),
      ),
    );
    await renderPage(<DiscountsPage />);
    await click('New discount');
    type(field('Code', newForm()), 'BRAKES10');
    type(field('Name buyers read', newForm()), 'Again');
    type(field('Percent', newForm()), '5');
    await submit(newForm());
    await shows('The code BRAKES10 is taken');
    expect(field('Code', newForm()).value).toBe('BRAKES10');
  });

  it('ends a discount after asking', async () => {
    await renderPage(<DiscountsPage />);
    await waitFor(() => expect(table()).toContain('Running'));
    await click('End BRAKES10');
    expect(sent('POST', '/api/discounts/d-1/end')).toEqual([]);
    await click('End discount', screen().querySelector('dialog[open]') as HTMLElement);
    await shows('BRAKES10 has ended');
    expect(sent('POST', '/api/discounts/d-1/end')).toHaveLength(1);
    await waitFor(() => expect(table()).toContain('Ended'));
  });
});
