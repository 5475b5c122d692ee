import { act, lazy, Suspense } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, RouteErrorBoundary } from './route-error-boundary';

// React's act() needs to be told it runs in a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
let consoleError: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  // React and the boundary both report a caught error on the console: expected here, and checked.
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  consoleError.mockRestore();
});

/** A page that throws while `broken` is set. */
let broken = false;
function Page() {
  if (broken) throw new Error('Cannot read properties of undefined');
  return <h1>Manage Product</h1>;
}

const button = (name: string) =>
  [...container.querySelectorAll('button')].find((b) => b.textContent === name) ?? null;

describe('RouteErrorBoundary', () => {
  it('shows a message with a retry in place of a page that throws, and the retry renders it again', async () => {
    broken = true;
    await act(async () =>
      root.render(
        <RouteErrorBoundary>
          <Page />
        </RouteErrorBoundary>,
      ),
    );
    const alert = container.querySelector('[role="alert"]');
    expect(alert?.textContent).toContain('Sorry, this page could not be shown.');
    expect(alert?.textContent).toContain('Trying again usually helps.');
    expect(container.querySelector('h1')).toBeNull();
    expect(consoleError.mock.calls.some((call: unknown[]) => call[0] === 'A page failed to render')).toBe(
      true,
    );

    broken = false;
    await act(async () => button('Try again')?.click());
    expect(container.querySelector('[role="alert"]')).toBeNull();
    expect(container.querySelector('h1')?.textContent).toBe('Manage Product');
  });

  it('says part of the store could not be loaded when a page’s code fails to arrive, and retries by loading anew', async () => {
    const Lost = lazy(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/tools-x1.js')),
    );
    const reload = vi.fn();
    await act(async () =>
      root.render(
        <RouteErrorBoundary reload={reload}>
          <Suspense fallback={<p>Loading…</p>}>
            <Lost />
          </Suspense>
        </RouteErrorBoundary>,
      ),
    );
    expect(container.querySelector('[role="alert"]')?.textContent).toContain(
      'Part of the store could not be loaded',
    );
    await act(async () => button('Try again')?.click());
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('leaves a page that renders alone', async () => {
    await act(async () =>
      root.render(
        <RouteErrorBoundary>
          <p>All Tools</p>
        </RouteErrorBoundary>,
      ),
    );
    expect(container.textContent).toBe('All Tools');
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('tells a code-loading failure from other errors', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });
});
