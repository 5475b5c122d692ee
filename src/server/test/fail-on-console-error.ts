import { afterEach, beforeEach, expect, vi } from 'vitest';

// An unexpected console.error is a bug the test did not look for: fail the test that caused it.
let spy: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  spy = vi.spyOn(console, 'error');
});
afterEach(() => {
  const calls = spy.mock.calls;
  spy.mockRestore();
  expect(calls, 'unexpected console.error').toEqual([]);
});
