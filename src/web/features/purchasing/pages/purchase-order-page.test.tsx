import type { Location } from '@contract/locations';
import { pages } from '@contract/pages';
import type { PurchaseOrder } from '@contract/purchasing';
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
  text,
  type,
  waitFor,
} from '@web/test/page';
import { beforeEach, describe, expect, it } from 'vitest';
import { details, draft, ORDER_ID, order } from '../test-data';
import { PurchaseOrderPage } from './purchase-order-page';

let current: PurchaseOrder;
/** The store's places, as GET /api/locations answers. */
let places: Location[];
const MAIN = place('loc-main', 'Main warehouse', 1);
const SHOP = place('loc-shop', 'Shop shelf', 2);
beforeEach(() => {
  places = [MAIN];
});
mockApi(
  http.get('/api/locations', () => json({ locations: places })),
  http.get('/api/purchase-orders/:id', () => json(current)),
  http.get('/api/suppliers/:id', () => json(details)),
);

const AT = pages.purchaseOrder.path(ORDER_ID);
const PATTERN = pages.purchaseOrder.pattern;
const open = async (o: PurchaseOrder) => {
  current = o;
  await renderPage(<PurchaseOrderPage />, { address: AT, pattern: PATTERN });
  await waitFor(() => expect(screen().querySelector('h2')?.textContent).toBe('PO-1042'));
};
const ACTIONS = ['Edit lines', 'Send to supplier', 'Receive delivery', 'Close order', 'Cancel order'];
const offered = () =>
  ACTIONS.filter((name) => {
    try {
      button(name);
      return true;
    } catch {
      return false;
    }
  });
const dialog = () => screen().querySelector('dialog[open]') as HTMLElement;
const receiveForm = () => screen().querySelector('form[aria-label="Receive delivery"]') as HTMLFormElement;

describe('a purchase order', () => {
  it('shows its supplier, status, lines, total, receipts and CSV link', async () => {
    await open(order);
    expect(text()).toContain('Partly received');
    expect(button('Apex Parts Co.').getAttribute('href')).toBe(pages.supplier.path(order.supplier.id));
    const lines = screen().querySelector('[data-testid="po-lines"]')?.textContent ?? '';
    for (const words of ['Brake pad set', 'BP-1', 'APX-778', '$12.50', '$125.00', 'Oil filter', '$49.90'])
      expect(lines).toContain(words);
    expect(screen().querySelector('[data-testid="po-total"]')?.textContent).toBe('$174.90');
    const receipts = screen().querySelector('[data-testid="po-receipts"]')?.textContent ?? '';
    expect(receipts).toContain('Molly Manager');
    expect(receipts).toContain('Brake pad set: 4');
    expect(receipts).toContain('First pallet');
    expect(button('Download CSV').getAttribute('href')).toBe(`/api/purchase-orders/${ORDER_ID}/csv`);
  });

  it('offers exactly the actions the store offers, none worked out on the page', async () => {
    await open(order);
    expect(offered()).toEqual(['Receive delivery', 'Close order']);
    await open(draft);
    expect(offered()).toEqual(['Edit lines', 'Send to supplier', 'Cancel order']);
    await open({ ...order, status: 'closed', offers: [] });
    expect(offered()).toEqual([]);
    // Whatever the status says, only the offers count.
    await open({ ...draft, offers: ['send'] });
    expect(offered()).toEqual(['Send to supplier']);
  });

  it('asks before sending, naming the address, then sends', async () => {
    answer(
      http.post('/api/purchase-orders/:id/send', () => json({ ...order, offers: ['receive', 'close'] })),
    );
    await open(draft);
    await click('Send to supplier');
    expect(dialog().textContent).toContain('Send PO-1042 to orders@apex.example?');
    await click('Send the order', dialog());
    await shows('PO-1042 is sent to orders@apex.example');
    expect(sent('POST', `/api/purchase-orders/${ORDER_ID}/send`)).toHaveLength(1);
  });

  it('asks before closing, saying how many units will not be expected any more', async () => {
    answer(
      http.post('/api/purchase-orders/:id/close', () => json({ ...order, status: 'closed', offers: [] })),
    );
    await open(order);
    await click('Close order');
    expect(dialog().textContent).toContain('Close PO-1042?');
    expect(dialog().textContent).toContain('8 units not received will not be expected any more');
    await click('Close the order', dialog());
    await waitFor(() => expect(sent('POST', `/api/purchase-orders/${ORDER_ID}/close`)).toHaveLength(1));
  });

  it('receives a delivery: counts default to what is still to come, and over the order needs a note', async () => {
    answer(
      http.post('/api/purchase-orders/:id/receipts', () =>
        json({ ...order, status: 'received', offers: [] }),
      ),
    );
    await open(order);
    await click('Receive delivery');
    expect(field('Units counted of Brake pad set').value).toBe('6');
    expect(field('Units counted of Oil filter').value).toBe('2');
    type(field('Units counted of Brake pad set'), '8');
    await shows('Over what was ordered: 12 of 10');
    await submit(receiveForm());
    await shows('Say in the note why units over what was ordered are kept');
    expect(sent('POST', `/api/purchase-orders/${ORDER_ID}/receipts`)).toEqual([]);
    type(field('Note (required: why the extra units are kept)'), 'Supplier sent a spare pack');
    type(field('Units counted of Oil filter'), '0');
    await submit(receiveForm());
    await shows('The delivery for PO-1042 is received');
    expect(sent('POST', `/api/purchase-orders/${ORDER_ID}/receipts`)).toEqual([
      {
        lines: [
          { lineNo: 1, quantity: 8 },
          { lineNo: 2, quantity: 0 },
        ],
        note: 'Supplier sent a spare pack',
      },
    ]);
  });

  it('counts a delivery into the place chosen when the store has more than one, and names it on the receipt', async () => {
    places = [SHOP, place('loc-old', 'Old depot', 0, false), MAIN];
    const counted: PurchaseOrder = {
      ...order,
      status: 'received',
      offers: [],
      receipts: [
        ...order.receipts,
        {
          id: 'r-2',
          receivedAt: '2026-11-25T10:00:00.000Z',
          note: null,
          locationId: 'loc-shop',
          receivedBy: 'Molly Manager',
          lines: [{ lineNo: 2, quantity: 2 }],
        },
      ],
    };
    answer(http.post('/api/purchase-orders/:id/receipts', () => json(counted)));
    await open(order);
    await click('Receive delivery');
    await waitFor(() => expect(field<HTMLSelectElement>('Count into')).toBeDefined());
    const into = field<HTMLSelectElement>('Count into');
    // Open places only, in pick order; the first is chosen to begin with.
    expect([...into.options].map((o) => o.textContent)).toEqual(['Main warehouse', 'Shop shelf']);
    expect(into.value).toBe('loc-main');
    type(into, 'loc-shop');
    type(field('Units counted of Brake pad set'), '0');
    // The order as the store has it once counted, for the page's refetch.
    current = counted;
    await submit(receiveForm());
    await shows('The delivery for PO-1042 is received');
    expect(sent('POST', `/api/purchase-orders/${ORDER_ID}/receipts`)).toEqual([
      {
        lines: [
          { lineNo: 1, quantity: 0 },
          { lineNo: 2, quantity: 2 },
        ],
        note: '',
        locationId: 'loc-shop',
      },
    ]);
    const receipts = () =>
      [...screen().querySelectorAll('[data-testid="po-receipts"] tbody tr')].map(
        (r) => r.querySelectorAll('td')[2]?.textContent,
      );
    // A receipt from before places names none.
    await waitFor(() => expect(receipts()).toEqual(['—', 'Shop shelf']));
  });

  it("shows the store's refusal of a receipt in the form, beside the line it names", async () => {
    answer(
      http.post('/api/purchase-orders/:id/receipts', () =>
        refusal(400, 'VALIDATION_FAILED', 'Check the counts', [
          { path: 'lines.1.quantity', message: 'At most 100,000 units a line' },
        ]),
      ),
    );
    await open(order);
    await click('Receive delivery');
    await submit(receiveForm());
    await shows('At most 100,000 units a line');
    expect(receiveForm().textContent).toContain('Check the counts');
  });

  it('edits a draft’s lines in place and saves them with PUT', async () => {
    answer(http.put('/api/purchase-orders/:id', () => json(draft)));
    await open(draft);
    await click('Edit lines');
    expect(field('Quantity of Brake pad set').value).toBe('10');
    type(field('Quantity of Brake pad set'), '12');
    await click('Remove Oil filter');
    await submit(screen().querySelector('form[aria-label="Edit lines"]') as HTMLFormElement);
    await shows('PO-1042 is saved');
    expect(sent('PUT', `/api/purchase-orders/${ORDER_ID}`)).toEqual([
      {
        supplierId: order.supplier.id,
        lines: [{ productId: order.lines[0]?.productId, quantity: 12, unitCostCents: 1250 }],
        note: null,
      },
    ]);
  });

  it('says when there is no such order', async () => {
    answer(http.get('/api/purchase-orders/:id', () => refusal(404, 'NOT_FOUND', 'Unknown purchase order')));
    await renderPage(<PurchaseOrderPage />, { address: AT, pattern: PATTERN });
    await shows('Purchase order not found');
  });
});
