import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReviewForm } from './review-form';
import { StarRating } from './star-rating';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
});

function Chooser({ start = null }: { start?: number | null }) {
  const [value, setValue] = useState<number | null>(start);
  return <StarRating label="Rating (1 - 5)" value={value} onChange={setValue} />;
}

const group = () => container.querySelector('fieldset') as HTMLFieldSetElement;
const stars = () => [...container.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
const checked = () => stars().findIndex((s) => s.checked) + 1;
const press = (key: string) =>
  act(() => {
    (document.activeElement as HTMLElement).dispatchEvent(
      new KeyboardEvent('keydown', { key, bubbles: true }),
    );
  });

describe('the star rating', () => {
  it('is a group of five radio buttons named by their stars, under the label, one choice at a time', () => {
    act(() => root.render(<Chooser />));
    expect(group().querySelector('legend')?.textContent).toBe('Rating (1 - 5)');
    expect(stars().map((s) => s.getAttribute('aria-label'))).toEqual([
      '1 star',
      '2 stars',
      '3 stars',
      '4 stars',
      '5 stars',
    ]);
    // One name: the browser makes them one Tab stop, on the chosen star (the first while none is).
    expect(new Set(stars().map((s) => s.name)).size).toBe(1);
    expect(checked()).toBe(0);
    expect(container.textContent).toContain('Choose 1 to 5 stars');
  });

  it('moves and chooses with the arrow keys, wrapping, and Home and End', () => {
    act(() => root.render(<Chooser />));
    act(() => stars()[0]?.focus());
    press('ArrowRight');
    expect([checked(), document.activeElement?.getAttribute('aria-label')]).toEqual([2, '2 stars']);
    press('ArrowUp');
    press('ArrowRight');
    expect(checked()).toBe(4);
    expect(container.textContent).toContain('4 out of 5');
    press('ArrowRight');
    press('ArrowRight');
    expect(checked()).toBe(1);
    press('ArrowLeft');
    expect(checked()).toBe(5);
    press('ArrowDown');
    expect(checked()).toBe(4);
    press('Home');
    expect(checked()).toBe(1);
    press('End');
    expect([checked(), document.activeElement?.getAttribute('aria-label')]).toEqual([5, '5 stars']);
    // Other keys (Tab leaves the group) do nothing here.
    press('a');
    expect(checked()).toBe(5);
  });

  it('chooses the star clicked, and shows the stars up to it filled', () => {
    act(() => root.render(<Chooser start={2} />));
    expect(checked()).toBe(2);
    act(() => stars()[3]?.click());
    expect(checked()).toBe(4);
    expect(container.querySelector('[data-testid="star-rating"]')?.textContent).toBe('★★★★☆');
  });
});

describe("the spec's review form with stars", () => {
  it("keeps the spec's messages, sends the stars chosen, and says 'Comment is posted!!'", async () => {
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        sent.push(JSON.parse(String(init?.body)));
        return new Response(JSON.stringify({ insertedId: 'r1', status: 'published' }), {
          status: 201,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    const toasts = await import('@web/lib/toast');
    const success = vi.spyOn(toasts.toast, 'success').mockImplementation(() => {});
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    act(() =>
      root.render(
        <QueryClientProvider client={client}>
          <ReviewForm />
        </QueryClientProvider>,
      ),
    );
    const submit = () =>
      act(async () => {
        container
          .querySelector('form')
          ?.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
      });
    await submit();
    await act(() => vi.waitFor(() => expect(container.querySelectorAll('[role="alert"]').length).toBe(2)));
    expect([...container.querySelectorAll('[role="alert"]')].map((a) => a.textContent)).toEqual([
      'Please write something about our service.',
      'rating must be (1 - 5).',
    ]);
    expect(group().getAttribute('aria-invalid')).toBe('true');
    const error = [...container.querySelectorAll('[role="alert"]')][1];
    expect(stars().every((s) => s.getAttribute('aria-describedby') === error?.id)).toBe(true);
    expect(sent).toEqual([]);

    const textarea = container.querySelector('textarea') as HTMLTextAreaElement;
    act(() => {
      const set = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set;
      set?.call(textarea, 'Fast delivery.');
      textarea.dispatchEvent(new Event('input', { bubbles: true }));
    });
    act(() => stars()[0]?.focus());
    press('End');
    press('ArrowLeft');
    await submit();
    await act(() => vi.waitFor(() => expect(sent).toEqual([{ comment: 'Fast delivery.', ratings: 4 }])));
    await act(() => vi.waitFor(() => expect(success).toHaveBeenCalledWith('Comment is posted!!')));
    success.mockRestore();
  });
});
