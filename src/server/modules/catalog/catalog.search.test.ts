import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Suggestion, Tool } from '../../../contract/catalog';
import { DID_YOU_MEAN_HEADER, SEARCH_UNDERSTOOD_HEADER } from '../../../contract/catalog';
import { seedDemoData } from '../../seed/seed';
import { seedProducts } from '../../seed/seed-data';
import type { TestApp } from '../../test/harness';
import type { TestSession } from '../../test/sessions';
import { as, createAdminApp } from '../../test/store-flow';

/**
 * Search that understands buyers, on the demo catalog (run on PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL): misspellings and synonyms, every word with typo tolerance, ranked; numbers
 * in any spelling; suggestions from the second letter; "did you mean" when nothing matches.
 */

let t: TestApp;
let admin: TestSession;

const CIVIC_PADS = 'Ceramic Front Brake Pad Set';
const PADS = [
  CIVIC_PADS,
  'Low-Dust Front Brake Pad Set for Midsize Sedans',
  'Severe-Duty Front Brake Pad Set for Trucks',
  'Ceramic Rear Brake Pad Set',
];
const ROTORS = ['Slotted Front Brake Rotor', 'Heavy-Duty Front Brake Rotor for Trucks'];
/** Every demo product with "brake" in its name: pads, rotors and the caliper. */
const BRAKE_NAMED = seedProducts.map((product) => product.name).filter((name) => /brake/i.test(name));
const H11 = 'H11 LED Headlight Bulbs, Pair';

beforeAll(async () => {
  ({ t, admin } = await createAdminApp());
  expect(await seedDemoData(t.database.db)).toBe(true);
});
afterAll(() => t.close());

const search = async (term: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/tool?search=${encodeURIComponent(term)}` });
  expect(res.statusCode, res.body).toBe(200);
  const header = (name: string) => {
    const value = res.headers[name];
    return typeof value === 'string' ? decodeURIComponent(value) : undefined;
  };
  return {
    names: (res.json() as Tool[]).map((product) => product.name),
    total: Number(res.headers['x-total-count']),
    understood: header(SEARCH_UNDERSTOOD_HEADER),
    didYouMean: header(DID_YOU_MEAN_HEADER),
  };
};
const suggestions = async (q: string) =>
  (
    (
      await t.app.inject({ method: 'GET', url: `/api/tool/suggest?q=${encodeURIComponent(q)}` })
    ).json() as Suggestion[]
  ).map((s) => s.label);

describe('words buyers type', () => {
  it.each([
    ['break pads', 'brake pads', PADS],
    ['breaks', 'brake', BRAKE_NAMED],
    ['break', 'brake', BRAKE_NAMED],
  ])('`%s` finds the brake parts and says it searched `%s`', async (term, understood, expected) => {
    const found = await search(term);
    expect(found.names.sort()).toEqual([...expected].sort());
    expect(found.understood).toBe(understood);
  });

  it('`led bulb h11` and `h11 bulb` find the H11 bulbs, every word matched wherever it is in the name', async () => {
    expect((await search('led bulb h11')).names).toEqual([H11]);
    expect((await search('h11 bulb')).names).toEqual([H11]);
    // H1 is another bulb: a word with a digit matches as it is, not as the start of H11.
    expect((await search('h1 bulb')).total).toBe(0);
  });

  it('`OBD-II scanner` and `obd ii` find the scanner: a word too short for the list of words is matched, not dropped', async () => {
    const scanner = seedProducts.map((p) => p.name).filter((name) => /OBD-II/.test(name));
    expect(scanner).toHaveLength(1);
    expect((await search('OBD-II scanner')).names).toEqual(scanner);
    expect((await search('obd ii')).names).toEqual(scanner);
  });

  it('`front brake pads civic` finds the pads that fit a Civic, and only those', async () => {
    expect((await search('front brake pads civic')).names).toEqual([CIVIC_PADS]);
    expect((await search('2014 civic bulb')).names).toEqual(expect.arrayContaining([H11]));
  });

  it('ranks by how well the whole query matches: a name match before a description match', async () => {
    // `rotor` is in the rotors' names and one pad set's description; `brake` in the brake parts'
    // names and the impact wrench's text.
    const found = await search('brake');
    expect(found.names.slice(0, BRAKE_NAMED.length).sort()).toEqual([...BRAKE_NAMED].sort());
    expect((await search('tyre')).names).toEqual(
      expect.arrayContaining(['All-Season Touring Tire 225/45R17']),
    );
    const rotors = (await search('rotar')).names;
    expect(rotors.slice(0, 2).sort()).toEqual([...ROTORS].sort());
    expect(rotors.slice(2)).toEqual([CIVIC_PADS]);
  });

  it('keeps working for `wrnch`, `br320v`, `45022-TR0-A01` and `D1578`', async () => {
    const wrench = await search('wrnch');
    expect(wrench.names).toEqual(expect.arrayContaining(['Cordless 1/2-Inch Impact Wrench']));
    expect(wrench.understood).toBe('wrench');
    for (const number of ['br320v', 'BR 320 V', '45022-TR0-A01', 'D1578']) {
      expect((await search(number)).names[0], number).toBe(CIVIC_PADS);
    }
  });

  it.each([
    ['brkae pads', 'brake pads', PADS],
    // `rotor` is in the rotors' names and one pad set's description.
    ['rotr', 'rotor', [...ROTORS, CIVIC_PADS]],
    ['alternnator', 'alternator', ['Remanufactured Alternator, 130 Amp']],
    ['sokcet set', 'socket set', ["94-Piece Mechanic's Socket Set"]],
  ])(
    '`%s` (letters swapped, missing or doubled inside a word) finds what `%s` finds, and says so',
    async (term, understood, expected) => {
      const found = await search(term);
      const plain = await search(understood);
      expect(found.names.sort()).toEqual([...expected].sort());
      expect(found.names.sort()).toEqual(plain.names.sort());
      expect(found.understood).toBe(understood);
    },
  );

  it('leaves words of three letters as typed: `jak` is as near `jack` as other words', async () => {
    const jak = await search('jak');
    expect(jak.total).toBe(0);
    expect(jak.understood).toBeUndefined();
  });

  it('says "did you mean" when nothing matches', async () => {
    const none = await search('brake pads tacoma');
    expect(none.total).toBe(0);
    expect(none.didYouMean).toBe('brake pads');
    const jak = await search('jak');
    expect(jak.total).toBe(0);
    expect(jak.didYouMean).toBe('jack');
  });
});

describe('suggestions while typing', () => {
  it('start from the second letter and read the last word as its beginning', async () => {
    expect(await suggestions('b')).toEqual([]);
    expect(await suggestions('br')).toEqual(expect.arrayContaining([CIVIC_PADS]));
    // `p` begins "pad" in the pads' names (first) and "Parts" in every brake part's category.
    const typed = await suggestions('break p');
    expect(typed.slice(0, PADS.length).sort()).toEqual([...PADS].sort());
    expect(typed.every((name) => BRAKE_NAMED.includes(name))).toBe(true);
    expect(await suggestions('h11 b')).toEqual([H11]);
  });
});

describe('the owner’s search words', () => {
  it('a word the owner adds is read as its meaning at once; removed, it is not', async () => {
    expect((await search('zorbnak')).total).toBe(0);
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/catalog/synonyms',
      headers: as(admin),
      payload: { term: 'Zorbnak', replacement: 'brake pad' },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect((await search('zorbnaks')).names.sort()).toEqual([...PADS].sort());
    const twice = await t.app.inject({
      method: 'POST',
      url: '/api/catalog/synonyms',
      headers: as(admin),
      payload: { term: 'zorbnaks', replacement: 'wrench' },
    });
    expect(twice.statusCode).toBe(409);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/catalog/synonyms/${added.json().id}`,
      headers: as(admin),
    });
    expect(removed.statusCode).toBe(204);
    expect((await search('zorbnak')).total).toBe(0);
  });
});
