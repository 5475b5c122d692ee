import type { AuditPage as AuditAnswer, AuditEntry } from '@contract/audit';
import {
  calls,
  click,
  field,
  http,
  json,
  mockApi,
  renderPage,
  screen,
  shows,
  submit,
  type,
  waitFor,
} from '@web/test/page';
import { describe, expect, it } from 'vitest';
import { AuditPage } from './audit-page';

const counted: AuditEntry = {
  id: 2,
  at: '2026-11-28T10:00:00.000Z',
  actorId: 'u-olive',
  actorEmail: 'olive@torque.example',
  actorRole: 'owner',
  action: 'stock.counted',
  kind: 'stock',
  subjectId: 'p-gauge',
  subjectName: 'Digital Tire Pressure Gauge',
  before: { onHand: 12, available: 12 },
  after: { onHand: 20, available: 20, note: 'Shelf counted' },
  ip: '203.0.113.9',
};
const promoted: AuditEntry = {
  id: 1,
  at: '2026-11-27T08:00:00.000Z',
  actorId: null,
  actorEmail: null,
  actorRole: null,
  action: 'role.changed',
  kind: 'account',
  subjectId: 'u-mia',
  subjectName: null,
  before: { email: 'mia@torque.example', role: 'customer' },
  after: { email: 'mia@torque.example', role: 'manager' },
  ip: null,
};

/** The store's answer to each query: roles only when asked for them, two pages otherwise. */
mockApi(
  http.get('/api/audit', ({ request }) => {
    const query = new URL(request.url).searchParams;
    const page = Number(query.get('page'));
    const answer: AuditAnswer =
      query.get('kind') === 'account'
        ? { entries: query.get('person') === 'nobody' ? [] : [promoted], page: 1, hasMore: false }
        : page === 1
          ? { entries: [counted], page: 1, hasMore: true }
          : { entries: [promoted], page, hasMore: false };
    return json(answer);
  }),
);

const rows = () =>
  [...screen().querySelectorAll('[data-testid="audit-row"]')].map((r) =>
    [...r.querySelectorAll('td')].map((c) => c.textContent),
  );
const filters = () => screen().querySelector('form[aria-label="Filter the audit log"]') as HTMLFormElement;
const asked = () => calls.filter((c) => c.method === 'GET').map((c) => c.path);

describe('the audit log', () => {
  it('lists who changed what, each field before and after, and from where', async () => {
    await renderPage(<AuditPage />);
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toEqual([
      'olive@torque.example (Owner)',
      'Counted the stock of Digital Tire Pressure GaugeStock counts',
      'On the shelf: 12 → 20Available to order: 12 → 20Note: — → Shelf counted',
      '203.0.113.9',
    ]);
    expect(asked()).toEqual(['/api/audit?page=1']);

    await click('Older »');
    // A change the store made itself names no one, and came from no address.
    await waitFor(() =>
      expect(rows()).toEqual([
        ['The store', 'Changed the role of mia@torque.exampleRoles', 'Role: Customer → Manager', '—'],
      ]),
    );
    expect(asked()).toEqual(['/api/audit?page=1', '/api/audit?page=2']);
  });

  it('sends the filters as the query, from the first page, and clears them', async () => {
    await renderPage(<AuditPage />);
    await waitFor(() => expect(rows()).toHaveLength(1));
    type(field('Person (e-mail)', filters()), '  mia@ ');
    type(field<HTMLSelectElement>('Kind', filters()), 'account');
    type(field('From', filters()), '2026-11-01');
    type(field('To', filters()), '2026-11-30');
    // Nothing is asked until the filters are applied.
    expect(asked()).toEqual(['/api/audit?page=1']);
    await submit(filters());
    await waitFor(() => expect(rows()[0]?.[0]).toBe('The store'));
    expect(asked()).toEqual([
      '/api/audit?page=1',
      '/api/audit?page=1&person=mia%40&kind=account&from=2026-11-01&to=2026-11-30',
    ]);

    await click('Clear');
    await waitFor(() => expect(rows()[0]?.[0]).toBe('olive@torque.example (Owner)'));
    expect(field('Person (e-mail)', filters()).value).toBe('');
    expect(field<HTMLSelectElement>('Kind', filters()).value).toBe('');
  });

  it('says when nothing matches the filters', async () => {
    await renderPage(<AuditPage />);
    type(field('Person (e-mail)', filters()), 'nobody');
    type(field<HTMLSelectElement>('Kind', filters()), 'account');
    await submit(filters());
    await shows('No change matches these filters.');
    expect(asked()).toContain('/api/audit?page=1&person=nobody&kind=account');
  });
});
