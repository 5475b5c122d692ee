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

/** Common models of the shipped vehicles table (drizzle/0008), with years they were built. */
const VEHICLES: Array<[string, string, number, number]> = [
  ['Honda', 'Civic', 2006, 2025],
  ['Honda', 'Accord', 2008, 2025],
  ['Honda', 'CR-V', 2007, 2025],
  ['Toyota', 'Camry', 2007, 2025],
  ['Toyota', 'Corolla', 2009, 2025],
  ['Toyota', 'RAV4', 2013, 2025],
  ['Ford', 'F-150', 2009, 2025],
  ['Ford', 'Escape', 2013, 2025],
  ['Chevrolet', 'Silverado 1500', 2014, 2025],
  ['Nissan', 'Altima', 2007, 2025],
  ['Jeep', 'Wrangler', 2012, 2025],
  ['Subaru', 'Outback', 2010, 2025],
];

/** Each vehicle in each of its years, each sort, first three pages: a shopper who picked their car. */
function* vehicles() {
  for (let page = 1; page <= 3; page += 1)
    for (const sort of SORTS)
      for (const [make, model, first, last] of VEHICLES)
        for (let year = first; year <= last; year += 1)
          yield `/api/tool?year=${year}&make=${encodeURIComponent(make)}&model=${encodeURIComponent(model)}&limit=24&page=${page}${sorted(sort)}`;
}

const CATEGORIES = [
  'brakes',
  'lights',
  'wheels',
  'tires',
  'hand-tools',
  'lifting',
  'diagnostics',
  'parts',
  'tools',
];
const BRANDS = [
  'Torque Works',
  'Ironclad',
  'Roadmaster',
  'Apex Garage',
  'Northline',
  'Steelhawk',
  'Pit Lane',
  'Redline',
];
const PRICES: Array<[number, number | undefined]> = [
  [0, 25],
  [25, 50],
  [50, 100],
  [100, 250],
  [250, undefined],
];

/** Category, brand and price band together, each sort, first two pages: the filter sidebar. */
function* filtered() {
  for (let page = 1; page <= 2; page += 1)
    for (const sort of SORTS)
      for (const category of CATEGORIES)
        for (const brand of BRANDS)
          for (const [min, max] of PRICES)
            yield `/api/tool?category=${category}&brand=${encodeURIComponent(brand)}&minPrice=${min}${
              max === undefined ? '' : `&maxPrice=${max}`
            }&limit=24&page=${page}${sorted(sort)}`;
}

/** The filters' counts for the same combinations: what the sidebar asks beside each list. */
function* facets() {
  for (const category of ['', ...CATEGORIES])
    for (const brand of ['', ...BRANDS])
      for (const [min, max] of PRICES)
        for (const inStock of ['', '&inStock=1'])
          yield `/api/tool/facets?minPrice=${min}${max === undefined ? '' : `&maxPrice=${max}`}${
            category ? `&category=${category}` : ''
          }${brand ? `&brand=${encodeURIComponent(brand)}` : ''}${inStock}`;
}

/** Every product's SKU (LC-000001 on), written as people type it: lower case, spaced, dashed. */
function* partNumbers() {
  const forms = [(n: string) => `LC-${n}`, (n: string) => `lc${n}`, (n: string) => `LC ${n}`];
  for (let i = 1; i <= 100_000; i += 1) {
    const digits = String(i).padStart(6, '0');
    yield `/api/tool?search=${encodeURIComponent((forms[i % forms.length] as (n: string) => string)(digits))}`;
  }
}

/** Misspelt words that find their products only by trigram similarity, each sort, first pages. */
const TYPOS = [
  'wrnch',
  'sockte',
  'jak stnds',
  'chargr',
  'torqe',
  'impakt',
  'scaner',
  'guage',
  'bulbz',
  'inflater',
  'rotr',
  'calipr',
];
function* typos() {
  for (let limit = 20; limit <= 30; limit += 1)
    for (let page = 1; page <= 2; page += 1)
      for (const sort of SORTS)
        for (const term of TYPOS)
          yield `/api/tool?search=${encodeURIComponent(term)}&limit=${limit}&page=${page}${sorted(sort)}`;
}

/**
 * Words with letters swapped, missing or doubled inside them, which trigram similarity alone read
 * as nothing (`brkae`): corrected by edit distance against `search_words`, then searched.
 */
const IN_WORD_TYPOS = [
  'brkae pads',
  'rotr',
  'wrecnh',
  'sokcet set',
  'calipre',
  'chrager',
  'torqeu wrench',
  'jakc stands',
  'scannner',
  'inflattor',
  'headlihgt bulbs',
  'cordles impact',
];
function* inWordTypos() {
  for (let limit = 20; limit <= 30; limit += 1)
    for (let page = 1; page <= 2; page += 1)
      for (const sort of SORTS)
        for (const term of IN_WORD_TYPOS)
          yield `/api/tool?search=${encodeURIComponent(term)}&limit=${limit}&page=${page}${sorted(sort)}`;
}

export const SCALE_QUERIES = {
  'list: pages 1-40': shallowPages,
  'search: one word, pages 1-3': searches,
  'deep page: offsets 8,000-10,000': deepPages,
  'vehicle: year, make, model': vehicles,
  'filters: category + brand + price': filtered,
  'filter counts (facets)': facets,
  'part number lookup (SKU, any spelling)': partNumbers,
  'typo search': typos,
  'typo inside a word (swapped, missing, doubled letters)': inWordTypos,
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
