import { TOOL_LIST_MAX_DEPTH } from '../../src/contract/catalog';
import { type LoadResult, measure } from './load';

/**
 * Paths that each ask the large catalog something not asked before in the run, so every request
 * misses the answer cache and reaches the database: what a crawler or many different shoppers do.
 */
const SORTS = ['', 'price', '-price', 'name', 'newest'];
const TERMS = [
  'wrench',
  'socket',
  'jack',
  'LED',
  'brake',
  'tire',
  'charger',
  'torque',
  'impact',
  'digital',
  'ceramic',
  'alloy',
  'OBD',
  'scanner',
  'gauge',
  'stands',
  'rotor',
  'inflator',
  'bulbs',
  'cordless',
  'calibrated',
  'warranty',
  'steel',
  'quiet',
  'brushless',
  'lumen',
  'winter',
  'Ironclad',
  'Redline',
  'Pit Lane',
];

function* cycle<T>(make: () => Generator<T>): Generator<T> {
  for (;;) yield* make();
}

const sorted = (sort: string) => (sort ? `&sort=${sort}` : '');

/** Pages 1-40 of every sort, at page sizes 20-30: shallow browsing. */
function* shallowPages() {
  for (let limit = 20; limit <= 30; limit += 1)
    for (let page = 1; page <= 40; page += 1)
      for (const sort of SORTS) yield `/api/tool?limit=${limit}&page=${page}${sorted(sort)}`;
}

/** A term of TERMS, each sort, first three pages. */
function* searches() {
  for (let limit = 24; limit <= 30; limit += 1)
    for (let page = 1; page <= 3; page += 1)
      for (const sort of SORTS)
        for (const term of TERMS)
          yield `/api/tool?search=${encodeURIComponent(term)}&limit=${limit}&page=${page}${sorted(sort)}`;
}

/** The last fifth of the pages a list may reach (TOOL_LIST_MAX_DEPTH), every sort. */
function* deepPages() {
  for (let limit = 20; limit <= 30; limit += 1) {
    const last = Math.floor(TOOL_LIST_MAX_DEPTH / limit);
    for (let page = last; page > last * 0.8; page -= 1)
      for (const sort of SORTS) yield `/api/tool?limit=${limit}&page=${page}${sorted(sort)}`;
  }
}

export const SCALE_QUERIES = {
  'list: pages 1-40': shallowPages,
  'search: one word, pages 1-3': searches,
  'deep page: offsets 8,000-10,000': deepPages,
} as const;

/** One connection: the latency of one request at a time, every one a cache miss. */
export async function measureScale(url: string, seconds: number): Promise<Record<string, LoadResult>> {
  const results: Record<string, LoadResult> = {};
  for (const [name, make] of Object.entries(SCALE_QUERIES)) {
    const paths = cycle(make);
    results[name] = await measure(url, {
      connections: 1,
      seconds,
      nextPath: () => paths.next().value as string,
    });
  }
  return results;
}
