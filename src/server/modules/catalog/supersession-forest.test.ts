import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SupersessionForest } from './supersession-forest';

/** The same questions answered by following the links one by one, as the dry run once did. */
class FollowedLinks {
  readonly links = new Map<string, string>();
  endOf(sku: string): string {
    let at = sku;
    for (let next = this.links.get(at); next !== undefined; next = this.links.get(at)) at = next;
    return at;
  }
  tryLink(sku: string, replacement: string): boolean {
    for (let at: string | undefined = replacement; at !== undefined; at = this.links.get(at)) {
      if (at === sku) return false;
    }
    this.links.set(sku, replacement);
    return true;
  }
}

describe('supersession forest', () => {
  it('finds where a chain ends, and refuses the link that would close a loop', () => {
    const forest = new SupersessionForest();
    expect(forest.tryLink('A', 'B')).toBe(true);
    expect(forest.tryLink('B', 'C')).toBe(true);
    expect(forest.endOf('A')).toBe('C');
    expect(forest.tryLink('C', 'A')).toBe(false);
    expect(forest.tryLink('A', 'A')).toBe(false);
    // B's own link set aside, B -> A closes A -> B -> A; refused, B keeps its link to C.
    expect(forest.tryLink('B', 'A')).toBe(false);
    expect(forest.endOf('A')).toBe('C');
    // B -> D in place of B -> C.
    expect(forest.tryLink('B', 'D')).toBe(true);
    expect(forest.endOf('A')).toBe('D');
    expect(forest.endOf('C')).toBe('C');
    expect(forest.tryLink('C', 'A')).toBe(true);
    expect(forest.endOf('C')).toBe('D');
    forest.cut('A');
    expect(forest.endOf('A')).toBe('A');
    expect(forest.endOf('C')).toBe('A');
  });

  it('answers as following the links would, whatever links come and go', () => {
    const skus = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'];
    const sku = fc.constantFrom(...skus);
    const step = fc.oneof(
      fc.record({ kind: fc.constant('link' as const), from: sku, to: sku }),
      fc.record({ kind: fc.constant('cut' as const), from: sku }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        const forest = new SupersessionForest();
        const followed = new FollowedLinks();
        for (const s of steps) {
          if (s.kind === 'link') {
            // Followed: the link set aside first, as the forest does.
            const had = followed.links.get(s.from);
            followed.links.delete(s.from);
            const linked = followed.tryLink(s.from, s.to);
            if (!linked && had !== undefined) followed.links.set(s.from, had);
            expect(forest.tryLink(s.from, s.to)).toBe(linked);
          } else {
            forest.cut(s.from);
            followed.links.delete(s.from);
          }
          for (const x of skus) expect(forest.endOf(x)).toBe(followed.endOf(x));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('follows one chain of 250,000 links, built from either end, and finds the loop at its end', () => {
    const n = 250_000;
    const sku = Array.from({ length: n + 1 }, (_, i) => `P${i}`);
    const forward = new SupersessionForest();
    let refused = 0;
    for (let i = 0; i < n; i += 1) if (!forward.tryLink(sku[i] as string, sku[i + 1] as string)) refused += 1;
    const backward = new SupersessionForest();
    for (let i = n; i > 0; i -= 1)
      if (!backward.tryLink(sku[i - 1] as string, sku[i] as string)) refused += 1;
    expect(refused).toBe(0);
    for (const forest of [forward, backward]) {
      expect(forest.endOf('P0')).toBe(`P${n}`);
      expect(forest.tryLink(`P${n}`, 'P0')).toBe(false);
      expect(forest.tryLink(`P${n}`, `P${n / 2}`)).toBe(false);
      expect(forest.tryLink(`P${n / 2}`, 'P0')).toBe(false);
    }
  });
});
