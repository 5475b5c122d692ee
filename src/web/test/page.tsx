import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from '@web/components/ui/toaster';
import { type HttpHandler, http } from 'msw';
import { setupServer } from 'msw/node';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest';

/**
 * Page tests (decision 085): a page of the web app rendered by React into happy-dom, its API
 * answered at the network boundary by MSW (`msw/node`: the page's own `fetch` calls go out and
 * come back as from the store), so what a person sees and does is what is checked: the texts, the
 * buttons, the body each call sends, the toast and the page it goes to next.
 */

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** One call the page made: its method, path with query, and JSON body (undefined for none). */
export interface Call {
  method: string;
  path: string;
  body: unknown;
}

const server = setupServer();
/** Every call the page made, in order; emptied before each test. */
export const calls: Call[] = [];
const unhandled: string[] = [];

server.events.on('request:start', ({ request }) => {
  const url = new URL(request.url);
  const call: Call = { method: request.method, path: url.pathname + url.search, body: undefined };
  calls.push(call);
  // The body is read from a copy, so the handler still reads its own.
  void request
    .clone()
    .text()
    .then((text) => {
      if (!text) return;
      try {
        call.body = JSON.parse(text);
      } catch {
        call.body = text;
      }
    });
});

let container: HTMLDivElement | undefined;
let root: Root | undefined;

/** Takes the rendered page away (before the next one, and after each test). */
function unmount() {
  if (root) act(() => root?.unmount());
  container?.remove();
  root = undefined;
  container = undefined;
}

/**
 * Starts the mocked API for this test file: `handlers` answer every test, `answer(...)` adds
 * one test's own. A call no handler answers fails the test, named.
 */
export function mockApi(...handlers: HttpHandler[]) {
  beforeAll(() =>
    server.listen({
      onUnhandledRequest: (request) => {
        unhandled.push(`${request.method} ${new URL(request.url).pathname}`);
      },
    }),
  );
  afterEach(() => {
    unmount();
    server.resetHandlers(...handlers);
    calls.length = 0;
    const missed = unhandled.splice(0);
    expect(missed, 'calls no handler answered').toEqual([]);
  });
  afterAll(() => server.close());
  server.resetHandlers(...handlers);
}

/** This test's own answers, used before the file's. */
export const answer = (...handlers: HttpHandler[]) => server.use(...handlers);

/** The calls made with `method` to `path` (its query left aside), bodies in order. */
export const sent = (method: string, path: string) =>
  calls.filter((c) => c.method === method && c.path.split('?')[0] === path).map((c) => c.body);

/** The address the page is at, as a person would read it in the address bar. */
function Address() {
  const { pathname, search, state } = useLocation();
  return (
    <output data-testid="address" data-state={state === null ? undefined : JSON.stringify(state)}>
      {pathname + search}
    </output>
  );
}

/**
 * Renders `page` at `address` (matched by `pattern` when the page reads its parameters), with the
 * store's toasts, and waits for `ready` when given.
 */
export async function renderPage(
  page: ReactNode,
  { address = '/', pattern = '*', state }: { address?: string; pattern?: string; state?: unknown } = {},
) {
  unmount();
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const element = root;
  await act(async () =>
    element.render(
      <QueryClientProvider client={client}>
        <MemoryRouter
          initialEntries={[
            {
              pathname: address.split('?')[0],
              search: address.includes('?') ? `?${address.split('?')[1]}` : '',
              state,
            },
          ]}
        >
          <Routes>
            <Route path={pattern} element={page} />
            {pattern === '*' ? null : <Route path="*" element={null} />}
          </Routes>
          <Address />
        </MemoryRouter>
        <Toaster />
      </QueryClientProvider>,
    ),
  );
  return client;
}

/** The page's container. */
export const screen = () => {
  if (!container) throw new Error('no page is rendered');
  return container;
};
/** All the text the page shows now, toasts included. */
export const text = () => document.body.textContent ?? '';

/**
 * Waits until `check` passes: a state the page shows, never a fixed time. Each try first lets React
 * finish what is queued (an empty act), so a page that suspends (a lazy page's chunk, then its
 * data) gets to draw between tries.
 */
export const waitFor = (check: () => void) =>
  vi.waitFor(
    async () => {
      await act(async () => {});
      check();
    },
    { timeout: 10_000, interval: 20 },
  );
/** Waits until the page shows `words` (toasts included). */
export const shows = (words: string) => waitFor(() => expect(text()).toContain(words));
/** The address the page went to. */
export const address = () => screen().querySelector('[data-testid="address"]')?.textContent ?? '';
/** What the page that navigated here passed along (react-router's location state). */
export const addressState = (): unknown => {
  const state = screen().querySelector('[data-testid="address"]')?.getAttribute('data-state');
  return state ? JSON.parse(state) : null;
};

/** A button (or link) by its accessible name: its aria-label, else its text. */
export function button(name: string | RegExp, within: ParentNode = screen()) {
  const found = [...within.querySelectorAll<HTMLElement>('button, a, [role="button"]')].find((b) => {
    const label = (b.getAttribute('aria-label') ?? b.textContent ?? '').trim();
    return typeof name === 'string' ? label === name : name.test(label);
  });
  if (!found) throw new Error(`no button "${name}"`);
  return found;
}
export const click = (name: string | RegExp, within?: ParentNode) =>
  act(async () => button(name, within).click());

/** A form field by its name: its aria-label, or its label's text (a `<label for>`, or a label around it). */
export function field<T extends HTMLElement = HTMLInputElement>(
  label: string,
  within: ParentNode = screen(),
): T {
  const named = [...within.querySelectorAll<T>('input, select, textarea')].find(
    (c) => c.getAttribute('aria-label') === label,
  );
  if (named) return named;
  const labels = [...within.querySelectorAll('label')];
  const own = (l: HTMLLabelElement) =>
    (l.querySelector('span')?.textContent ?? l.childNodes[0]?.textContent ?? l.textContent ?? '').trim();
  const match =
    labels.find((l) => (l.textContent ?? '').trim() === label) ?? labels.find((l) => own(l) === label);
  const control = match?.htmlFor
    ? within.querySelector<T>(`#${CSS.escape(match.htmlFor)}`)
    : match?.querySelector<T>('input, select, textarea');
  if (!control) throw new Error(`no field "${label}"`);
  return control;
}

/** Types `value` into a field as a person would (React sees an input event). */
export function type(input: HTMLElement, value: string) {
  const proto =
    input instanceof HTMLTextAreaElement
      ? HTMLTextAreaElement.prototype
      : input instanceof HTMLSelectElement
        ? HTMLSelectElement.prototype
        : HTMLInputElement.prototype;
  act(() => {
    Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(input, value);
    input.dispatchEvent(
      new Event(input instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }),
    );
    if (input instanceof HTMLSelectElement) input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
/** Chooses a file in a file input, as a person picking one would. */
export function chooseFile(input: HTMLInputElement, file: File) {
  act(() => {
    Object.defineProperty(input, 'files', { value: [file], configurable: true });
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
}
/** Ticks or unticks a checkbox. */
export const tick = (input: HTMLInputElement) => act(async () => input.click());

/** Submits a form as pressing its submit button would. */
export const submit = (form: HTMLFormElement) =>
  act(async () => {
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  });

/** A JSON answer, as the store sends it. */
export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
/** The store's error envelope. */
export const refusal = (status: number, code: string, message: string, issues?: unknown[]) =>
  json({ error: { code, message, ...(issues ? { issues } : {}) } }, status);

export { http };
