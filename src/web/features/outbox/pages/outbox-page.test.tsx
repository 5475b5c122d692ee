import type { OutboxList, WireOutboxStatus } from '@contract/outbox';
import {
  answer,
  button,
  calls,
  click,
  http,
  json,
  mockApi,
  refusal,
  renderPage,
  screen,
  sent,
  shows,
  waitFor,
} from '@web/test/page';
import { beforeEach, describe, expect, it } from 'vitest';
import { OutboxPage } from './outbox-page';

type Message = OutboxList['messages'][number];

const message = (id: number, status: WireOutboxStatus, changes: Partial<Message> = {}): Message => ({
  id,
  subscriber: 'order-webhook',
  topic: 'order.shipped',
  key: `order-${id}:shipped`,
  status,
  attempts: status === 'dead' ? 8 : 1,
  lastError: status === 'dead' ? 'connect ECONNREFUSED 10.0.0.5:443' : null,
  createdAt: '2026-11-25T10:00:00.000Z',
  deliveredAt: status === 'delivered' ? '2026-11-25T10:00:02.000Z' : null,
  ...changes,
});
let messages: Message[];

const count = (status: WireOutboxStatus) => messages.filter((m) => m.status === status).length;
mockApi(
  http.get('/api/manage/outbox', ({ request }) => {
    const status = new URL(request.url).searchParams.get('status') ?? 'dead';
    return json({
      counts: { pending: count('pending'), delivered: count('delivered'), dead: count('dead') },
      messages: messages.filter((m) => m.status === status),
    } satisfies OutboxList);
  }),
  http.post('/api/manage/outbox/:id/retry', ({ params }) => {
    messages = messages.map((m) =>
      String(m.id) === params.id ? { ...m, status: 'pending', attempts: 0, lastError: null } : m,
    );
    return json({ retried: true });
  }),
);

beforeEach(() => {
  messages = [
    message(7, 'dead', { topic: 'order.paid', key: 'order-7:paid' }),
    message(8, 'dead', { lastError: 'HTTP 500 from https://erp.example/hooks' }),
    message(9, 'delivered'),
  ];
});

const cards = () => [...screen().querySelectorAll('[aria-label="Messages"] > li')] as HTMLElement[];
const card = (key: string) => cards().find((c) => c.textContent?.includes(key));
const filters = () =>
  [...screen().querySelectorAll('fieldset button')].map((b) => [
    b.textContent,
    b.getAttribute('aria-pressed'),
  ]);

describe('the outbox', () => {
  it('lists the messages that were not delivered, with where they went and why they failed', async () => {
    await renderPage(<OutboxPage />, { address: '/dashboard/outbox' });
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/manage/outbox?status=dead']);
    expect(filters()).toEqual([
      ['Waiting (0)', 'false'],
      ['Delivered (1)', 'false'],
      ['Not delivered (2)', 'true'],
    ]);
    const paid = card('order-7:paid') as HTMLElement;
    expect(paid.querySelector('h3')?.textContent).toBe('order.paid');
    expect(paid.textContent).toContain('Sent toorder-webhook');
    expect(paid.textContent).toContain('Tries8');
    expect(paid.textContent).toContain('Last errorconnect ECONNREFUSED 10.0.0.5:443');
    expect(card('order-8:shipped')?.textContent).toContain('HTTP 500 from https://erp.example/hooks');
    expect(button('Send again order-8:shipped').textContent).toBe('Send again');
  });

  it('sends one message again: it asks the store for that message only, and the row moves to Waiting', async () => {
    await renderPage(<OutboxPage />, { address: '/dashboard/outbox' });
    await waitFor(() => expect(cards()).toHaveLength(2));
    await click('Send again order-7:paid');
    await shows('The message will be sent again');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api/manage/outbox/7/retry',
    ]);
    expect(sent('POST', '/api/manage/outbox/7/retry')).toEqual([undefined]);
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(card('order-7:paid')).toBeUndefined();
    expect(filters()).toEqual([
      ['Waiting (1)', 'false'],
      ['Delivered (1)', 'false'],
      ['Not delivered (1)', 'true'],
    ]);

    await click('Waiting (1)');
    await waitFor(() => expect(card('order-7:paid')).toBeDefined());
    expect(calls.map((c) => c.path)).toContain('/api/manage/outbox?status=pending');
    expect(cards()).toHaveLength(1);
    expect(() => button('Send again order-7:paid')).toThrow();
  });

  it('keeps the row and says why when the store refuses to send it again', async () => {
    answer(
      http.post('/api/manage/outbox/:id/retry', () =>
        refusal(404, 'NOT_FOUND', 'That message is no longer waiting to be sent again.'),
      ),
    );
    await renderPage(<OutboxPage />, { address: '/dashboard/outbox' });
    await waitFor(() => expect(cards()).toHaveLength(2));
    await click('Send again order-8:shipped');
    await shows('That message is no longer waiting to be sent again.');
    expect(sent('POST', '/api/manage/outbox/8/retry')).toHaveLength(1);
    expect(card('order-8:shipped')).toBeDefined();
    expect(cards()).toHaveLength(2);
  });

  it('shows the delivered messages when asked, with when they arrived and nothing to send again', async () => {
    await renderPage(<OutboxPage />, { address: '/dashboard/outbox' });
    await waitFor(() => expect(cards()).toHaveLength(2));
    await click('Delivered (1)');
    await waitFor(() => expect(card('order-9:shipped')).toBeDefined());
    expect(calls.map((c) => c.path)).toContain('/api/manage/outbox?status=delivered');
    expect(cards()).toHaveLength(1);
    expect(card('order-9:shipped')?.textContent).toContain('Delivered');
    expect(card('order-9:shipped')?.textContent).not.toContain('Last error');
    expect(screen().querySelectorAll('[aria-label^="Send again"]')).toHaveLength(0);
  });
});
