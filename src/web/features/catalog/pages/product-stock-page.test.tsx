import {
  countBelowReservedMessage,
  type StockAdjustmentInput,
  type StockAtLocation,
  type StockLedger,
  type StockMovement,
} from '@contract/inventory';
import { type Location, notEnoughAtMessage, type TransferInput } from '@contract/locations';
import { place } from '@web/test/locations';
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
const TRANSFERS = '/api/transfers';

/** The store's places, as GET /api/locations answers. */
let places: Location[];
const MAIN = place('loc-main', 'Main warehouse', 1);
const SHOP = place('loc-shop', 'Shop shelf', 2);
const atMain: StockAtLocation = {
  locationId: 'loc-main',
  locationName: 'Main warehouse',
  onHand: 12,
  reserved: 2,
  available: 10,
  bin: 'A-03',
  incoming: 0,
};

/** The rotor's ledger as the store has it; an adjustment adds its row on top. */
let ledger: StockLedger;

const placed: StockMovement = {
  delta: -2,
  onHand: 0,
  reserved: 2,
  reason: 'order_placed',
  orderId: 'order-7',
  note: null,
  locationId: 'loc-main',
  at: '2026-11-20T15:30:00.000Z',
};
const opening: StockMovement = {
  delta: 12,
  onHand: 12,
  reserved: 0,
  reason: 'opening',
  orderId: null,
  note: null,
  locationId: null,
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
      locationId: input.locationId ?? 'loc-main',
      at: '2026-11-28T10:00:00.000Z',
    };
    ledger = {
      ...ledger,
      onHand,
      reserved: ledger.reserved,
      available: onHand - ledger.reserved,
      movements: [row, ...ledger.movements],
    };
    return json(ledger);
  }),
  http.get('/api/locations', () => json({ locations: places })),
  http.put(`${STOCK}/:location/bin`, async ({ params, request }) => {
    const { bin } = (await request.json()) as { bin: string };
    ledger = {
      ...ledger,
      locations: ledger.locations.map((l) =>
        l.locationId === params.location ? { ...l, bin: bin ? bin.toUpperCase() : null } : l,
      ),
    };
    return json(ledger);
  }),
  http.post(TRANSFERS, () => json({})),
);

beforeEach(() => {
  places = [MAIN];
  ledger = { onHand: 12, reserved: 2, available: 10, locations: [atMain], movements: [placed, opening] };
});

/** The rotor kept at two places, with a move at a place the store has closed since. */
const twoPlaces = () => {
  places = [MAIN, SHOP, place('loc-old', 'Old depot', 3, false)];
  ledger = {
    ...ledger,
    locations: [
      { ...atMain, onHand: 9 },
      {
        locationId: 'loc-shop',
        locationName: 'Shop shelf',
        onHand: 3,
        reserved: 0,
        available: 3,
        bin: null,
        incoming: 2,
      },
    ],
    movements: [
      {
        delta: -1,
        onHand: -1,
        reserved: 0,
        reason: 'transfer_out',
        orderId: null,
        note: null,
        locationId: 'loc-gone',
        at: '2026-11-21T09:00:00.000Z',
      },
      placed,
      opening,
    ],
  };
};
const transferForm = () =>
  screen().querySelector('form[aria-labelledby="transfer-title"]') as HTMLFormElement;
const byPlace = () =>
  [...screen().querySelectorAll('[data-testid="stock-by-place"] tbody tr')].map((r) =>
    [...r.querySelectorAll('td, th')].map((c) =>
      c.querySelector('input') ? (c.querySelector('input') as HTMLInputElement).value : c.textContent?.trim(),
    ),
  );

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
    // One place: its bin is shown, and nothing asks where.
    expect(byPlace()).toEqual([['Main warehouse', 'A-03', '12', '2', '10', '0']]);
    expect(() => field('Place', form())).toThrow();
    expect(transferForm()).toBeNull();
  });

  it('saves the bin at a place, as the store writes it', async () => {
    await open();
    type(field('Bin at Main warehouse'), ' b-7 ');
    await click('Save the bin at Main warehouse');
    await waitFor(() => expect(field('Bin at Main warehouse').value).toBe('B-7'));
    expect(sent('PUT', `${STOCK}/loc-main/bin`)).toEqual([{ bin: 'b-7' }]);
  });

  it('shows the figures at each place and where each move happened, and counts at the place chosen', async () => {
    twoPlaces();
    await open();
    await waitFor(() => expect(field<HTMLSelectElement>('Place', form()).value).toBe('loc-main'));
    expect(byPlace()).toEqual([
      ['Main warehouse', 'A-03', '9', '2', '10', '0'],
      ['Shop shelf', '', '3', '0', '3', '2'],
    ]);
    expect(rows()).toEqual([
      ['Sent to another place', 'loc-gone', '-1', '-1', '0', ''],
      ['Reserved by an order', 'Main warehouse', '-2', '0', '+2', ''],
      ['Opening stock', '—', '+12', '+12', '0', ''],
    ]);
    // The first place is counted to begin with.
    type(field('Units to add (negative to take away)', form()), '1');
    await submit(form());
    expect(dialog()?.textContent).toContain('Add 1 units on hand at Main warehouse.');
    await click('Change stock', dialog() as HTMLDialogElement);
    await shows('Stock updated');

    type(field<HTMLSelectElement>('Place', form()), 'loc-shop');
    await tick(field('Set to a count of the shelf', form()));
    type(field('Units counted on the shelf', form()), '4');
    await submit(form());
    expect(dialog()?.textContent).toContain('Set the units on hand at Shop shelf to 4.');
    await click('Change stock', dialog() as HTMLDialogElement);
    await waitFor(() => expect(sent('POST', STOCK)).toHaveLength(2));
    expect(sent('POST', STOCK)).toEqual([
      { delta: 1, locationId: 'loc-main' },
      { set: 4, locationId: 'loc-shop' },
    ]);
  });

  it('sends units to another place, and shows what the store refuses beside what it names', async () => {
    twoPlaces();
    await open();
    await waitFor(() => expect(transferForm()).not.toBeNull());
    const from = field<HTMLSelectElement>('From', transferForm());
    const to = () => field<HTMLSelectElement>('To', transferForm());
    expect([...from.options].map((o) => o.textContent)).toEqual(['Main warehouse', 'Shop shelf']);
    // Open places other than where the units leave from.
    await waitFor(() => expect([...to().options].map((o) => o.textContent)).toEqual(['Shop shelf']));

    type(field('Units to send', transferForm()), 'two');
    await submit(transferForm());
    expect(transferForm().textContent).toContain('Give the units as a whole number');
    expect(sent('POST', TRANSFERS)).toEqual([]);

    type(field('Units to send', transferForm()), '2');
    type(field('Note for the transfer (optional)', transferForm()), ' For the counter ');
    await submit(transferForm());
    await shows('2 units on their way to Shop shelf');
    expect(sent('POST', TRANSFERS)).toEqual([
      {
        productId: ROTOR,
        fromLocationId: 'loc-main',
        toLocationId: 'loc-shop',
        quantity: 2,
        note: 'For the counter',
      },
    ]);
    expect(field('Units to send', transferForm()).value).toBe('');

    answer(
      http.post(TRANSFERS, () =>
        refusal(409, 'CONFLICT', notEnoughAtMessage('Brake rotor', 'Shop shelf', 3), [
          { path: 'quantity', message: 'At most 3 units' },
        ]),
      ),
    );
    type(field<HTMLSelectElement>('From', transferForm()), 'loc-shop');
    await waitFor(() => expect(to().value).toBe('loc-main'));
    type(field('Units to send', transferForm()), '5');
    await submit(transferForm());
    await shows('Only 3 of Brake rotor at Shop shelf.');
    expect(transferForm().textContent).toContain('At most 3 units');
    expect((sent('POST', TRANSFERS) as TransferInput[])[1]).toEqual({
      productId: ROTOR,
      fromLocationId: 'loc-shop',
      toLocationId: 'loc-main',
      quantity: 5,
    });
    expect(field('Units to send', transferForm()).value).toBe('5');
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
