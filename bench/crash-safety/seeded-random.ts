/**
 * A small seeded generator (mulberry32): the same seed gives the same kill points and the same
 * choices of every customer, so a run that found a problem can be repeated.
 */
export interface Random {
  /** A number in [0, 1). */
  next(): number;
  /** A whole number in [min, max]. */
  int(min: number, max: number): number;
  /** A new generator whose sequence depends only on this one's seed and `label`. */
  fork(label: number): Random;
}

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    fork: (label) => seededRandom(Math.imul(seed ^ 0x9e3779b9, label + 1) ^ label),
  };
}
