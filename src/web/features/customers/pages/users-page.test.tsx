import type { CustomerSummary, CustomersPage, RoleChangeInput } from '@contract/customers';
import type { AccountRole } from '@contract/roles';
import {
  button,
  calls,
  click,
  field,
  http,
  json,
  mockApi,
  renderPage,
  screen,
  sent,
  shows,
  submit,
  type,
  waitFor,
} from '@web/test/page';
import { beforeEach, describe, expect, it } from 'vitest';
import { UsersPage } from './users-page';

const account = (changes: Partial<CustomerSummary> & Pick<CustomerSummary, 'id' | 'email'>) => ({
  displayName: changes.email.split('@')[0] ?? '',
  photoURL: null,
  role: 'customer' as const,
  joinedAt: '2026-10-01T10:00:00.000Z',
  ordersCount: 0,
  spentCents: 0,
  ...changes,
});

/** The store's accounts, their roles changed by the page's own calls. */
let accounts: CustomerSummary[];
/** The signed-in person's role: the owner alone changes roles. */
let role: AccountRole;

mockApi(
  http.get('/api/auth/get-session', () =>
    json({ user: { id: 'u-olive', email: 'olive@torque.example', name: 'Olive' } }),
  ),
  http.get('/api/admin/:email', () => json({ admin: true, role })),
  http.get('/api/customers', ({ request }) => {
    const query = new URL(request.url).searchParams;
    const search = query.get('search')?.toLowerCase() ?? '';
    const found = accounts.filter(
      (a) => a.email.includes(search) || a.displayName.toLowerCase().includes(search),
    );
    const page: CustomersPage = { customers: found, page: 1, total: found.length, pageSize: 25 };
    return json(page);
  }),
  http.put('/api/customers/:id/role', async ({ params, request }) => {
    const { role: next } = (await request.json()) as RoleChangeInput;
    accounts = accounts.map((a) => (a.id === params.id ? { ...a, role: next } : a));
    return json({ role: next });
  }),
  http.put('/api/user/admin/:email', ({ params }) => {
    accounts = accounts.map((a) => (a.email === params.email ? { ...a, role: 'manager' } : a));
    return json({ modifiedCount: 1 });
  }),
);

beforeEach(() => {
  role = 'owner';
  accounts = [
    account({ id: 'u-olive', email: 'olive@torque.example', displayName: 'Olive Owner', role: 'owner' }),
    account({
      id: 'u-mia',
      email: 'mia@torque.example',
      displayName: 'Mia Garage',
      ordersCount: 3,
      spentCents: 25_990,
    }),
    account({ id: 'u-sam', email: 'sam@torque.example', displayName: 'Sam Shipper', role: 'staff' }),
  ];
});

const row = (email: string) =>
  [...screen().querySelectorAll('[data-testid="customer-row"]')].find((r) => r.textContent?.includes(email));
const cells = (email: string) => [...(row(email)?.querySelectorAll('td') ?? [])].map((c) => c.textContent);
const names = () =>
  [...screen().querySelectorAll('[data-testid="customer-row"] a')].map((a) => a.textContent);
const roleOf = (email: string) => field<HTMLSelectElement>(`Role of ${email}`);
const dialog = () => screen().querySelector('dialog[open]') as HTMLDialogElement | null;
const open = async () => {
  await renderPage(<UsersPage />);
  await waitFor(() => expect(names()).toEqual(['Olive Owner', 'Mia Garage', 'Sam Shipper']));
};

describe('the users page', () => {
  it('lists each account with its orders, what it spent and its role, and finds one by name', async () => {
    await open();
    // The avatar's initial, then the name.
    expect(cells('mia@torque.example').slice(0, 5)).toEqual([
      'MMia Garage',
      'mia@torque.example',
      '3',
      '$259.90',
      '',
    ]);
    expect(cells('sam@torque.example')[4]).toBe('AdminStaff');
    expect(button('Mia Garage').getAttribute('href')).toBe('/dashboard/users/u-mia');
    // Staff are admins already: no Make admin for them.
    expect(button('Make admin mia@torque.example')).toBeTruthy();
    expect(() => button('Make admin sam@torque.example')).toThrow();

    type(field('Search by name or e-mail'), ' garage ');
    await submit(screen().querySelector('form[aria-label="Search customers"]') as HTMLFormElement);
    await waitFor(() => expect(names()).toEqual(['Mia Garage']));
    expect(calls.map((c) => c.path)).toContain('/api/customers?page=1&search=garage');
  });

  it("changes an account's role only after the owner confirms, and shows the new role", async () => {
    await open();
    await waitFor(() => expect(roleOf('mia@torque.example').value).toBe('customer'));
    // The owner's own role is the store's configuration: no control for it.
    expect(() => roleOf('olive@torque.example')).toThrow();

    type(roleOf('mia@torque.example'), 'staff');
    await waitFor(() => expect(dialog()?.textContent).toContain('Make mia@torque.example staff?'));
    expect(dialog()?.textContent).toContain('Staff ship orders, receive returns and answer the Inbox.');
    expect(sent('PUT', '/api/customers/u-mia/role')).toEqual([]);
    await click('Change role', dialog() as HTMLDialogElement);
    await shows('mia@torque.example is now staff.');
    expect(sent('PUT', '/api/customers/u-mia/role')).toEqual([{ role: 'staff' }]);
    await waitFor(() => expect(cells('mia@torque.example')[4]).toBe('AdminStaff'));
    expect(roleOf('mia@torque.example').value).toBe('staff');
  });

  it('changes nothing when the owner cancels', async () => {
    await open();
    await waitFor(() => expect(roleOf('sam@torque.example').value).toBe('staff'));
    type(roleOf('sam@torque.example'), 'manager');
    await waitFor(() => expect(dialog()?.textContent).toContain('Make sam@torque.example manager?'));
    await click('Cancel', dialog() as HTMLDialogElement);
    await waitFor(() => expect(dialog()).toBeNull());
    expect(sent('PUT', '/api/customers/u-sam/role')).toEqual([]);
    expect(roleOf('sam@torque.example').value).toBe('staff');
  });

  it('lets a manager make a customer an admin after asking, and offers no role control', async () => {
    role = 'manager';
    await open();
    await waitFor(() => expect(calls.some((c) => c.path.startsWith('/api/admin/'))).toBe(true));
    await click('Make admin mia@torque.example');
    expect(dialog()?.textContent).toContain('mia@torque.example becomes a manager');
    const puts = () => calls.filter((c) => c.method === 'PUT').map((c) => c.path);
    expect(puts()).toEqual([]);
    await click('Make admin', dialog() as HTMLDialogElement);
    await shows('Successfully Make an Admin!!');
    expect(puts()).toEqual(['/api/user/admin/mia%40torque.example']);
    await waitFor(() => expect(cells('mia@torque.example')[4]).toBe('AdminManager'));
    expect(() => roleOf('mia@torque.example')).toThrow();
  });
});
