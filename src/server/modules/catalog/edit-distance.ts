/**
 * How many single-letter edits turn one word into another, counting a swap of two neighbouring
 * letters as one edit (`brkae` -> `brake`): the optimal string alignment form of the
 * Damerau-Levenshtein distance. Answers `max + 1` as soon as the words are known to be further
 * apart than `max`, so comparing a typed word with many catalog words stays cheap.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a === b) return 0;
  // Three rows of the classic table: the one before the previous (for swaps), the previous, this one.
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  let current = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i += 1) {
    current[0] = i;
    let rowBest = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d = Math.min(d, (before[j - 2] as number) + 1);
      }
      current[j] = d;
      if (d < rowBest) rowBest = d;
    }
    // Every path through this row already costs more than `max`.
    if (rowBest > max) return max + 1;
    [before, previous, current] = [previous, current, before];
  }
  return Math.min(previous[b.length] as number, max + 1);
}

/**
 * The edits a typed word may be away from a catalog word and still be read as it: none for words
 * of three letters or fewer (`jak` is as near `jack` as `jab`, `oak` and `jar`), one up to seven
 * letters (`brkae`, `rotr`), two from eight (`alternnatr`).
 */
export const editsAllowed = (word: string) => (word.length <= 3 ? 0 : word.length <= 7 ? 1 : 2);
