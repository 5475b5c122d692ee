import type { ModeratedReview } from '@contract/reviews';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReviewDeskPage } from './reviews-desk-page';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const held: ModeratedReview = {
  _id: 'r-held',
  comment: 'Never bought one, five stars anyway.',
  commenter: 'Bo Browser',
  ratings: 5,
  productId: 't1',
  productName: 'Torque Wrench',
  status: 'held',
  verified: false,
  createdAt: '2026-11-27T10:00:00.000Z',
  moderatedAt: null,
};
const verified: ModeratedReview = {
  ...held,
  _id: 'r-verified',
  comment: 'Clicks right at the set torque.',
  commenter: 'Bea Buyer',
  ratings: 4,
  verified: true,
  productId: null,
  productName: null,
};

let container: HTMLDivElement;
let root: Root;
/** The store as the page sees it: each review's status, changed by the page's own calls. */
let reviews: ModeratedReview[];
const calls: string[] = [];

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  reviews = [{ ...held }, { ...verified }];
  calls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const path = new URL(url, 'http://store').pathname;
      calls.push(`${method} ${url}${init?.body ? ` ${init.body}` : ''}`);
      if (method === 'GET' && path === '/api/reviews') {
        const status = new URL(url, 'http://store').searchParams.get('status');
        const listed = reviews.filter((r) => r.status === status);
        return json({
          reviews: listed,
          total: listed.length,
          held: reviews.filter((r) => r.status === 'held').length,
          page: 1,
        });
      }
      const [, , , id, verb] = path.split('/');
      const review = reviews.find((r) => r._id === id);
      if (!review) return new Response('{}', { status: 404 });
      if (verb === 'publish') review.status = 'published';
      if (verb === 'hide') review.status = 'hidden';
      if (verb === 'reply') {
        const text = JSON.parse(String(init?.body)).reply.trim();
        review.reply = text ? { text, at: '2026-11-28T10:00:00.000Z' } : undefined;
      }
      return json(review);
    }),
  );
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
});

async function render() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <ReviewDeskPage />
        </MemoryRouter>
      </QueryClientProvider>,
    ),
  );
}
const waitFor = (check: () => void) => act(() => vi.waitFor(check, { timeout: 10_000, interval: 20 }));
const listed = () =>
  [...container.querySelectorAll('[data-testid="moderated-review"]')].map((li) =>
    li.getAttribute('data-review-id'),
  );
const button = (name: string) =>
  [...container.querySelectorAll('button')].find(
    (b) => (b.getAttribute('aria-label') ?? b.textContent) === name,
  ) as HTMLButtonElement;
const click = (name: string) => act(async () => button(name).click());

describe('the review moderation page', () => {
  it('lists the reviews awaiting approval with the purchase mark, and publishes one', async () => {
    reviews[1] = { ...verified, status: 'held' };
    await render();
    await waitFor(() => expect(listed()).toEqual(['r-held', 'r-verified']));
    const text = container.textContent ?? '';
    expect(text).toContain('Awaiting approval (2)');
    const [first, second] = [...container.querySelectorAll('[data-testid="moderated-review"]')];
    expect(first?.textContent).toContain('Not verified');
    expect(first?.textContent).toContain('Torque Wrench');
    expect(second?.textContent).toContain('Verified purchase');
    expect(second?.textContent).toContain('the store');

    await click('Publish the review by Bo Browser');
    expect(calls).toContain('POST /api/reviews/r-held/publish');
    await waitFor(() => expect(listed()).toEqual(['r-verified']));
    expect(container.textContent).toContain('Awaiting approval (1)');
  });

  it('shows the published ones, hides one, and answers another in public', async () => {
    reviews = reviews.map((r) => ({ ...r, status: 'published' }));
    await render();
    await click('Published');
    await waitFor(() => expect(listed()).toEqual(['r-held', 'r-verified']));
    expect(button('Published').getAttribute('aria-pressed')).toBe('true');

    await click('Reply to Bea Buyer');
    const form = container.querySelector('form[aria-label="Reply to Bea Buyer"]') as HTMLFormElement;
    const box = form.querySelector('textarea') as HTMLTextAreaElement;
    act(() => {
      Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(box, 'Thanks, Bea!');
      box.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true })));
    expect(calls).toContain('PUT /api/reviews/r-verified/reply {"reply":"Thanks, Bea!"}');
    await waitFor(() => expect(container.textContent).toContain('Your replyThanks, Bea!'));
    expect(button('Change the reply to Bea Buyer').textContent).toBe('Change reply');

    await click('Hide the review by Bo Browser');
    expect(calls).toContain('POST /api/reviews/r-held/hide');
    await waitFor(() => expect(listed()).toEqual(['r-verified']));
    await click('Hidden');
    await waitFor(() => expect(listed()).toEqual(['r-held']));
    // A hidden review can be published again, not hidden twice.
    expect(button('Publish the review by Bo Browser')).toBeDefined();
    expect(button('Hide the review by Bo Browser')).toBeUndefined();
  });

  it('says so when no review waits', async () => {
    reviews = [];
    await render();
    await waitFor(() => expect(container.textContent).toContain('No review awaits approval.'));
  });
});
