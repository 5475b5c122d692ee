import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Long work in the request's own process (an import's dry run of 250,000 rows) hands the event
 * loop back every `everyMs`, so the other requests, /healthz among them, are answered meanwhile
 * (docs/decisions/072). Call the answer once per unit of work and await it: most calls cost a
 * counter, a few a look at the clock, and one every `everyMs` a turn of the loop.
 */
export function loopTurns(everyMs = 10): () => Promise<void> | undefined {
  let since = performance.now();
  let calls = 0;
  return () => {
    calls += 1;
    if (calls % 64 !== 0) return undefined;
    const now = performance.now();
    if (now - since < everyMs) return undefined;
    return nextTurn().then(() => {
      since = performance.now();
    });
  };
}
