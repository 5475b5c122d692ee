import type { Location, Transfer } from '@contract/locations';
import { pages } from '@contract/pages';
import {
  answer,
  button,
  calls,
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
import { LocationsPage } from './locations-page';

const account = { id: 'u1', email: 'olga@torque.example', name: 'Olga Owner', image: null };
let role: 'owner' | 'manager';

const place = (id: string, changes: Partial<Location>): Location => ({
  id,
  name: id,
  kind: 'warehouse',
  line1: null,
  city: null,
  region: null,
  postalCode: null,
  country: 'US',
  pickOrder: 1,
  active: true,
  onHand: 0,
  incoming: 0,
  ...changes,
});
const warehouse = place('main', {
  name: 'Main warehouse',
  line1: '12 Dock St',
  city: 'Austin',
  region: 'TX',
  postalCode: '78701',
  pickOrder: 1,
  onHand: 340,
  incoming: 6,
});
const backRoom = place('back', { name: 'Back room', kind: 'shop', pickOrder: 2, onHand: 12 });
const oldShed = place('shed', { name: 'Old shed', pickOrder: 5, active: false });

const inTransit: Transfer = {
  id: 'tr-7',
  number: 'TR-7',
  productId: 'p-1',
  productName: 'Brake pad set',
  sku: 'BP-100',
  fromLocationId: 'main',
  fromLocationName: 'Main warehouse',
  toLocationId: 'back',
  toLocationName: 'Back room',
  quantity: 6,
  status: 'in_transit',
  note: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  closedAt: null,
};

mockApi(
  http.get('/api/auth/get-session', () => json({ user: account })),
  http.get('/api/admin/:email', () => json({ admin: true, role })),
  // Served out of order: the page shows open places first, in pick order.
  http.get('/api/locations', () => json({ locations: [oldShed, backRoom, warehouse] })),
  http.get('/api/transfers', ({ request }) =>
    json({ transfers: new URL(request.url).searchParams.get('status') === 'in_transit' ? [inTransit] : [] }),
  ),
);

beforeEach(() => {
  role = 'owner';
});

const table = (id: string) => screen().querySelector(`[data-testid="${id}"]`);
const rows = (id: string) => [...(table(id)?.querySelectorAll('tbody tr') ?? [])].map((r) => r.textContent);
const form = (label: string) => screen().querySelector(`form[aria-label="${label}"]`) as HTMLFormElement;
/** The role has come back from the store: what the page offers is settled. */
const roleKnown = () => waitFor(() => expect(calls.some((c) => c.path.startsWith('/api/admin/'))).toBe(true));

describe('the places page', () => {
  it('lists the places, open ones first in pick order, with their address and units', async () => {
    await renderPage(<LocationsPage />, { address: pages.locations.path });
    await waitFor(() => expect(rows('places')).toHaveLength(3));
    const [first, second, third] = rows('places');
    for (const words of [
      'Main warehouse',
      'Warehouse',
      '12 Dock St, Austin, TX 78701, US',
      'Open',
      '340',
      '6',
    ])
      expect(first).toContain(words);
    expect(second).toContain('Back room');
    expect(second).toContain("The shop's shelf");
    expect(second).toContain('No address');
    expect(third).toContain('Old shed');
    expect(third).toContain('Closed');
    expect(screen().querySelector('h2')?.textContent).toBe('Places');
  });

  it('says when there are no places', async () => {
    answer(http.get('/api/locations', () => json({ locations: [] })));
    await renderPage(<LocationsPage />);
    await shows('No places yet.');
  });

  it('lets the owner add a place, sending exactly what was typed, next in pick order', async () => {
    answer(http.post('/api/locations', () => json(place('new', { name: 'Van 2', pickOrder: 6 }))));
    await renderPage(<LocationsPage />);
    await waitFor(() => expect(rows('places')).toHaveLength(3));
    await waitFor(() => button('Add a place'));
    await click('Add a place');
    expect(field('Pick order').value).toBe('6');
    expect(field('Country').value).toBe('US');
    type(field('Name'), 'Van 2');
    type(field<HTMLSelectElement>('Kind'), 'shop');
    type(field('Street'), '4 Elm Rd');
    type(field('City'), 'Waco');
    type(field('State or province'), 'tx');
    type(field('Postal code'), '76701');
    await submit(form('New place'));
    await shows('Van 2 is added');
    expect(sent('POST', '/api/locations')).toEqual([
      {
        name: 'Van 2',
        kind: 'shop',
        line1: '4 Elm Rd',
        city: 'Waco',
        region: 'tx',
        postalCode: '76701',
        country: 'US',
        pickOrder: 6,
        active: true,
      },
    ]);
    await waitFor(() => expect(form('New place')).toBeNull());
  });

  it("shows the store's refusal beside the field and keeps what was typed", async () => {
    answer(
      http.post('/api/locations', () =>
        refusal(400, 'VALIDATION_FAILED', 'Check the place', [
          { path: 'region', message: 'A state or province is two letters, such as TX' },
        ]),
      ),
    );
    await renderPage(<LocationsPage />);
    await waitFor(() => button('Add a place'));
    await click('Add a place');
    type(field('Name'), 'Annex');
    type(field('State or province'), 'Texas');
    await submit(form('New place'));
    await shows('A state or province is two letters, such as TX');
    expect(text()).toContain('Check the place');
    expect(field('State or province').getAttribute('aria-invalid')).toBe('true');
    expect(field('Name').value).toBe('Annex');
    expect(field('State or province').value).toBe('Texas');
  });

  it('edits a place with the same form, filled', async () => {
    answer(http.put('/api/locations/:id', () => json({ ...backRoom, name: 'Front shelf' })));
    await renderPage(<LocationsPage />);
    await waitFor(() => button('Edit Back room'));
    await click('Edit Back room');
    expect(field('Name').value).toBe('Back room');
    expect(field<HTMLSelectElement>('Kind').value).toBe('shop');
    expect(field('Pick order').value).toBe('2');
    type(field('Name'), 'Front shelf');
    await submit(form('Change Back room'));
    await shows('Front shelf is saved');
    expect(sent('PUT', '/api/locations/back')).toEqual([
      {
        name: 'Front shelf',
        kind: 'shop',
        line1: '',
        city: '',
        region: '',
        postalCode: '',
        country: 'US',
        pickOrder: 2,
        active: true,
      },
    ]);
  });

  it("asks before closing a place and shows the store's refusal", async () => {
    const refused = 'Back room still holds stock: move or count it out before closing it';
    answer(http.put('/api/locations/:id', () => refusal(409, 'CONFLICT', refused)));
    await renderPage(<LocationsPage />);
    await waitFor(() => button('Close Back room'));
    await click('Close Back room');
    expect(sent('PUT', '/api/locations/back')).toEqual([]);
    await shows('Close Back room?');
    await click('Close place');
    await shows(refused);
    expect(sent('PUT', '/api/locations/back')).toEqual([
      expect.objectContaining({ name: 'Back room', kind: 'shop', pickOrder: 2, active: false }),
    ]);
  });

  it('reopens a closed place with active true', async () => {
    answer(http.put('/api/locations/:id', () => json({ ...oldShed, active: true })));
    await renderPage(<LocationsPage />);
    await waitFor(() => button('Reopen Old shed'));
    await click('Reopen Old shed');
    await click('Reopen place');
    await shows('Old shed is open again');
    expect(sent('PUT', '/api/locations/shed')).toEqual([
      expect.objectContaining({ name: 'Old shed', active: true }),
    ]);
  });

  it('shows a manager the places without adding, editing or closing', async () => {
    role = 'manager';
    await renderPage(<LocationsPage />);
    await waitFor(() => expect(rows('places')).toHaveLength(3));
    await roleKnown();
    // A manager moves stock: the transfer's buttons show once the role is known.
    await waitFor(() => button('Mark received TR-7'));
    expect(() => button('Add a place')).toThrow();
    expect(() => button('Edit Back room')).toThrow();
    expect(() => button('Close Back room')).toThrow();
    expect(() => button('Reopen Old shed')).toThrow();
  });
});

describe('the transfers on the places page', () => {
  it('lists the transfers in transit and marks one received with one call', async () => {
    answer(http.post('/api/transfers/:id/receive', () => json({ ...inTransit, status: 'received' })));
    await renderPage(<LocationsPage />);
    await waitFor(() => expect(rows('transfers')).toHaveLength(1));
    const [row] = rows('transfers');
    for (const words of ['TR-7', 'Brake pad set', 'BP-100', 'Main warehouse', 'Back room', '6', 'In transit'])
      expect(row).toContain(words);
    await waitFor(() => button('Mark received TR-7'));
    await click('Mark received TR-7');
    await shows('TR-7 is received at Back room');
    expect(sent('POST', '/api/transfers/tr-7/receive')).toHaveLength(1);
    expect(sent('POST', '/api/transfers/tr-7/cancel')).toEqual([]);
  });

  it('asks before cancelling a transfer, saying where the units go back to', async () => {
    answer(http.post('/api/transfers/:id/cancel', () => json({ ...inTransit, status: 'cancelled' })));
    await renderPage(<LocationsPage />);
    await waitFor(() => button('Cancel transfer TR-7'));
    await click('Cancel transfer TR-7');
    await shows('The units go back to Main warehouse');
    expect(sent('POST', '/api/transfers/tr-7/cancel')).toEqual([]);
    await click('Cancel transfer');
    await shows('TR-7 is cancelled');
    expect(sent('POST', '/api/transfers/tr-7/cancel')).toHaveLength(1);
    expect(sent('POST', '/api/transfers/tr-7/receive')).toEqual([]);
  });

  it('filters all transfers and says when none are in transit', async () => {
    answer(http.get('/api/transfers', () => json({ transfers: [] })));
    await renderPage(<LocationsPage />);
    await shows('No transfers in transit');
    type(field<HTMLSelectElement>('Show transfers'), '');
    await shows('No transfers yet.');
    expect(calls.filter((c) => c.path.startsWith('/api/transfers')).map((c) => c.path)).toEqual([
      '/api/transfers?status=in_transit',
      '/api/transfers',
    ]);
  });
});
