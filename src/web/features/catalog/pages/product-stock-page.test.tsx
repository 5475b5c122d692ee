import {
  countBelowReservedMessage,
  type StockAdjustmentInput,
  type StockLedger,
  type StockMovement,
} from '@contract/inventory';
import {
  answer,
  button,
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
  tick,
  type,
  waitFor,
} from '@web/test/page';
import { beforeEach, describe, expect, it } from 'vitest';
import { ProductStockPage } from './product-stock-page';

const ROTOR = 'p-rotor';
const STOCK = `/api/tool/${ROTOR}/stock`;

/** The rotor's ledger as the store has it; an adjustment adds its row on top. */
let ledger: StockLedger;

const placed: StockMovement = {
  delta: -2,
  onHand: 0,
  reserved: 2,
  reason: 'order_placed',
  orderId: 'order-7',
  note: null,
  at: '2026-11-20T15:30:00.000Z',
};
const opening: StockMovement = {
  delta: 12,
  onHand: 12,
  reserved: 0,
  reason: 'opening',
  orderId: null,
  note: null,
  at: '2026-11-01T09:00:00.000Z',
};

mockApi(
  http.get(STOCK, () => json(ledger)),
  http.post(STOCK, async ({ request }) => {
    const input = (await request.json()) as StockAdjustmentInput;
    const onHand = input.set ?? ledger.onHand + (input.delta ?? 0);
    const row: StockMovement = {
      delta: onHand - ledger.onHand,
      onHand: onHand - ledger.onHand,
      reserved: 0,
      reason: 'admin_adjustment',
      orderId: null,
      note: input.note ?? null,
      at: '2026-11-28T10:00:00.000Z',
    };
    ledger = {
      onHand,
      reserved: ledger.reserved,
      available: onHand - ledger.reserved,
      movements: [row, ...ledger.movements],
    };
    return json(ledger);
  }),
);

beforeEach(() => {
  ledger = { onHand: 12, reserved: 2, available: 10, movements: [placed, opening] };
});

const form = () => screen().querySelector('form[aria-labelledby="stock-change-title"]') as HTMLFormElement;
const figures = () => screen().querySelector('[data-testid="stock-figures"]')?.textContent ?? '';
const onHand = () => screen().querySelector('[data-testid="on-hand"]')?.textContent;
const rows = () =>
  [...screen().querySelectorAll('[data-testid="stock-ledger"] tbody tr')].map((r) =>
    [...r.querySelectorAll('td, th')].map((c) => c.textContent?.trim()).slice(1),
  );
/** The error said under a field (its aria-describedby), or '' for none. */
const errorUnder = (label: string) => {
  const id = field(label, form()).getAttribute('aria-describedby');
  return id ? (screen().querySelector(`#${CSS.escape(id)}`)?.textContent ?? '') : '';
};
const dialog = () => screen().querySelector('dialog[open]') as HTMLDialogElement | null;
const open = async () => {
  await renderPage(<ProductStockPage />, {
    address: `/dashboard/products/${ROTOR}/stock`,
    pattern: '/dashboard/products/:id/stock',
  });
  await waitFor(() => expect(onHand()).toBe('12'));
};

describe("a product's stock", () => {
  it('shows what is on hand, reserved and available, and each movement with its order', async () => {
    await open();
    expect(figures()).toContain('Reserved by orders2');
    expect(figures()).toContain('Available to order10');
    expect(rows()).toEqual([
      ['Reserved by an order', '-2', '0', '+2', ''],
      ['Opening stock', '+12', '+12', '0', ''],
    ]);
    expect(button('Reserved by an order').getAttribute('href')).toBe('/dashboard/manageOrders/order-7');
  });

  it('adds units received after asking, with the note, and shows the new figures', async () => {
    await open();
    type(field('Units to add (negative to take away)', form()), '5');
    type(field('Note (optional)', form()), '  Delivery from Bosch  ');
    await submit(form());
    expect(dialog()?.textContent).toContain('Add 5 units on hand.');
    // Nothing changes until the admin confirms.
    expect(sent('POST', STOCK)).toEqual([]);
    await click('Change stock', dialog() as HTMLDialogElement);
    await shows('Stock updated');
    expect(sent('POST', STOCK)).toEqual([{ delta: 5, note: 'Delivery from Bosch' }]);
    await waitFor(() => expect(onHand()).toBe('17'));
    expect(figures()).toContain('Available to order15');
    expect(rows()[0]).toEqual(['Adjusted by an admin', '+5', '+5', '0', 'Delivery from Bosch']);
    expect(field('Units to add (negative to take away)', form()).value).toBe('');
    expect(field('Note (optional)', form()).value).toBe('');
  });

  it('sets the shelf to a count, and sends nothing when the admin cancels', async () => {
    await open();
    await tick(field('Set to a count of the shelf', form()));
    type(field('Units counted on the shelf', form()), '9');
    await submit(form());
    expect(dialog()?.textContent).toContain('Set the units on hand to 9.');
    await click('Cancel', dialog() as HTMLDialogElement);
    await waitFor(() => expect(dialog()).toBeNull());
    expect(sent('POST', STOCK)).toEqual([]);

    await submit(form());
    await click('Change stock', dialog() as HTMLDialogElement);
    await shows('Stock updated');
    // No note typed: none is sent.
    expect(sent('POST', STOCK)).toEqual([{ set: 9 }]);
    await waitFor(() => expect(onHand()).toBe('9'));
    expect(figures()).toContain('Available to order7');
  });

  it("says what is wrong before asking, and shows the store's refusal beside the number", async () => {
    answer(http.post(STOCK, () => refusal(409, 'CONFLICT', countBelowReservedMessage(2))));
    await open();
    type(field('Units to add (negative to take away)', form()), '0');
    await submit(form());
    await waitFor(() =>
      expect(errorUnder('Units to add (negative to take away)')).toBe('A change of 0 changes nothing'),
    );
    expect(dialog()).toBeNull();

    await tick(field('Set to a count of the shelf', form()));
    type(field('Units counted on the shelf', form()), '1');
    type(field('Note (optional)', form()), 'Counted');
    await submit(form());
    await click('Change stock', dialog() as HTMLDialogElement);
    await waitFor(() => expect(errorUnder('Units counted on the shelf')).toBe(countBelowReservedMessage(2)));
    expect(sent('POST', STOCK)).toEqual([{ set: 1, note: 'Counted' }]);
    expect(onHand()).toBe('12');
    expect(field('Units counted on the shelf', form()).value).toBe('1');
    expect(field('Note (optional)', form()).value).toBe('Counted');
  });
});
