import { pageAccess } from '@contract/pages';
import { type CustomerGroup, type CustomerGroupInput, customerGroupMessages } from '@contract/trade';
import { categories } from '@web/test/catalog';
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
import { CustomerGroupsPage } from './customer-groups-page';

const account = { id: 'u1', email: 'olga@torque.example', name: 'Olga Owner', image: null };
const FLEET = 'a8f1c2d3-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const BODY = 'b8f1c2d3-4e5f-4a6b-8c7d-9e0f1a2b3c4e';
let role: 'owner' | 'manager' | 'staff';
let groups: CustomerGroup[];

const group = (id: string, name: string, changes: Partial<CustomerGroup> = {}): CustomerGroup => ({
  id,
  name,
  priceList: { percentOffBasisPoints: 1000, categories: [], netPrices: [] },
  members: 0,
  updatedAt: '2026-11-01T00:00:00.000Z',
  ...changes,
});

mockApi(
  http.get('/api/auth/get-session', () => json({ user: account })),
  http.get('/api/admin/:email', () => json({ admin: true, role })),
  http.get('/api/categories', () => json(categories)),
  http.get('/api/customer-groups', () => json({ groups })),
  http.post('/api/customer-groups', async ({ request }) => {
    const input = (await request.json()) as CustomerGroupInput;
    const made = group('c8f1c2d3-4e5f-4a6b-8c7d-9e0f1a2b3c4f', input.name, { priceList: input.priceList });
    groups = [...groups, made];
    return json(made, 201);
  }),
  http.put('/api/customer-groups/:id', async ({ params, request }) => {
    const input = (await request.json()) as CustomerGroupInput;
    groups = groups.map((g) => (g.id === params.id ? { ...g, ...input } : g));
    return json(groups.find((g) => g.id === params.id));
  }),
  http.delete('/api/customer-groups/:id', ({ params }) => {
    const found = groups.find((g) => g.id === params.id);
    if (found && found.members > 0)
      return refusal(409, 'CONFLICT', customerGroupMessages.hasMembers(found.members));
    groups = groups.filter((g) => g.id !== params.id);
    return new Response(null, { status: 204 });
  }),
);

beforeEach(() => {
  role = 'owner';
  groups = [
    group(FLEET, 'Fleet', {
      members: 3,
      priceList: { percentOffBasisPoints: 1500, categories: [], netPrices: [], discountRule: 'best' },
    }),
    group(BODY, 'Body shops', { priceList: { percentOffBasisPoints: 1250, categories: [], netPrices: [] } }),
  ];
});

const rows = () =>
  [...screen().querySelectorAll('[data-testid="customer-groups"] tbody tr')].map((r) => r.textContent);
const form = (label: string) => screen().querySelector(`form[aria-label="${label}"]`) as HTMLFormElement;
const dialog = () => document.querySelector<HTMLDialogElement>('dialog[open]');
const roleKnown = () => waitFor(() => expect(calls.some((c) => c.path.startsWith('/api/admin/'))).toBe(true));

describe('the customer groups page', () => {
  it('is open to those who read customers', () => {
    expect(pageAccess.customerGroups).toBe('customers.read');
  });

  it('lists each group with its members, percent off and discount rule', async () => {
    await renderPage(<CustomerGroupsPage />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    const [fleet, body] = rows();
    expect(fleet).toContain('Fleet');
    expect(fleet).toContain('3');
    expect(fleet).toContain('15%');
    expect(fleet).toContain('The better of trade prices or the discount');
    expect(body).toContain('Body shops');
    expect(body).toContain('12.5%');
    expect(body).toContain('Discounts come off trade prices');
  });

  it('says when there are no groups', async () => {
    groups = [];
    await renderPage(<CustomerGroupsPage />);
    await shows('No customer groups yet.');
  });

  it('adds a group with its price list, percents as basis points and prices in cents', async () => {
    await renderPage(<CustomerGroupsPage />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    await waitFor(() => button('Add a group'));
    await click('Add a group');
    const f = form('New customer group');
    await submit(f);
    await shows('Name the group.');
    type(field('Group name', f), '  Dealers ');
    type(field('Percent off list price', f), '22.5');
    type(field<HTMLSelectElement>('When a discount is used', f), 'best');
    await click('Add a category percent', f);
    await waitFor(() => expect(field<HTMLSelectElement>('Category', f).options.length).toBeGreaterThan(1));
    const slug = categories[0]?.slug ?? '';
    type(field('Category', f), slug);
    type(field('Percent', f), '30');
    await submit(f);
    await shows('Dealers is added');
    expect(sent('POST', '/api/customer-groups')).toEqual([
      {
        name: 'Dealers',
        priceList: {
          percentOffBasisPoints: 2250,
          categories: [{ categorySlug: slug, basisPoints: 3000 }],
          netPrices: [],
          quantityBreaks: [],
          discountRule: 'best',
        },
      },
    ]);
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(rows()[2]).toContain('22.5%');
  });

  it('changes a group from its kept list', async () => {
    await renderPage(<CustomerGroupsPage />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    await waitFor(() => button('Edit Fleet'));
    await click('Edit Fleet');
    const f = form('Change Fleet');
    expect(field('Group name', f).value).toBe('Fleet');
    expect(field('Percent off list price', f).value).toBe('15');
    expect(field<HTMLSelectElement>('When a discount is used', f).value).toBe('best');
    type(field('Percent off list price', f), '17');
    await submit(f);
    await shows('Fleet is saved');
    expect(sent('PUT', `/api/customer-groups/${FLEET}`)).toEqual([
      {
        name: 'Fleet',
        priceList: {
          percentOffBasisPoints: 1700,
          categories: [],
          netPrices: [],
          quantityBreaks: [],
          discountRule: 'best',
        },
      },
    ]);
    await waitFor(() => expect(rows()[0]).toContain('17%'));
  });

  it('deletes an empty group once confirmed, and shows the store’s words for one with members', async () => {
    await renderPage(<CustomerGroupsPage />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    await waitFor(() => button('Delete Fleet'));
    await click('Delete Fleet');
    await waitFor(() => expect(dialog()).not.toBeNull());
    expect(sent('DELETE', `/api/customer-groups/${FLEET}`)).toEqual([]);
    await click('Delete group', dialog() as HTMLDialogElement);
    await shows('3 trade accounts are in this group: move them to another group first.');
    expect(dialog()).not.toBeNull();
    await click('Cancel', dialog() as HTMLDialogElement);
    await waitFor(() => expect(dialog()).toBeNull());

    await click('Delete Body shops');
    await waitFor(() => expect(dialog()).not.toBeNull());
    expect(text()).not.toContain('move them to another group first');
    await click('Delete group', dialog() as HTMLDialogElement);
    await shows('Body shops is deleted');
    expect(sent('DELETE', `/api/customer-groups/${BODY}`)).toHaveLength(1);
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  it('shows the store’s refusal of a name', async () => {
    answer(
      http.post('/api/customer-groups', () =>
        refusal(409, 'CONFLICT', customerGroupMessages.nameTaken('Fleet')),
      ),
    );
    await renderPage(<CustomerGroupsPage />);
    await waitFor(() => button('Add a group'));
    await click('Add a group');
    type(field('Group name', form('New customer group')), 'Fleet');
    await submit(form('New customer group'));
    await shows('Another group is called Fleet.');
  });

  it('lets a manager, who sets trade terms, change groups too', async () => {
    role = 'manager';
    await renderPage(<CustomerGroupsPage />);
    await roleKnown();
    await waitFor(() => expect(rows()).toHaveLength(2));
    await waitFor(() => button('Add a group'));
    expect(button('Edit Body shops')).toBeDefined();
  });
});
