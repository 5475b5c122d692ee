import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Category, Suggestion, Tool, ToolDetails, ToolFacets } from '../../../contract/catalog';
import { products } from '../../kernel/db/schema';
import { seedDemoData } from '../../seed/seed';
import { seedParts } from '../../seed/seed-catalog';
import { seedProducts } from '../../seed/seed-data';
import type { TestApp } from '../../test/harness';
import type { TestSession } from '../../test/sessions';
import { as, createAdminApp } from '../../test/store-flow';

/** The parts catalog on the demo data: vehicle fitment, part numbers, typo search, filters and counts. */

let t: TestApp;
let admin: TestSession;
const id: Record<string, string> = {};

const CIVIC_PADS = 'Ceramic Front Brake Pad Set';
const SEDAN_WHEEL = '18-Inch Five-Spoke Alloy Wheel';
const CAMRY_PADS = 'Low-Dust Front Brake Pad Set for Midsize Sedans';
const TRUCK_PADS = 'Severe-Duty Front Brake Pad Set for Trucks';
const TIRE = 'All-Season Touring Tire 225/45R17';
const universalNames = seedProducts
  .map((product) => product.name)
  .filter((name) => seedParts[name]?.universal);
/** The demo's brakes: front and rear pads, rotors and a caliper. */
const brakeProducts = seedProducts.filter((product) => seedParts[product.name]?.category === 'brakes');

beforeAll(async () => {
  ({ t, admin } = await createAdminApp());
  expect(await seedDemoData(t.database.db)).toBe(true);
  const all = (await t.app.inject({ method: 'GET', url: '/api/tool' })).json() as Tool[];
  for (const product of all) id[product.name] = product._id;
});
afterAll(() => t.close());

const list = async (query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/tool?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return { tools: res.json() as Tool[], total: Number(res.headers['x-total-count']) };
};
const names = async (query: string) => (await list(query)).tools.map((product) => product.name).sort();
const civic2014 = 'year=2014&make=Honda&model=Civic';

describe('fitment', () => {
  it('narrows the list to the parts that fit a 2014 Honda Civic, and universal ones, each saying so', async () => {
    const { tools, total } = await list(civic2014);
    expect(tools.map((product) => product.name).sort()).toEqual(
      [
        ...universalNames,
        CIVIC_PADS,
        'Slotted Front Brake Rotor',
        'H11 LED Headlight Bulbs, Pair',
        '9005 LED High-Beam Bulbs, Pair',
      ].sort(),
    );
    expect(total).toBe(tools.length);
    expect(tools.find((product) => product.name === CIVIC_PADS)?.fits).toBe('fits');
    expect(tools.find((product) => product.name === universalNames[0])?.fits).toBe('universal');
  });

  it('lists the parts fitted to the vehicle before universal tools, in the featured order and a search', async () => {
    const civic2015 = 'year=2015&make=Honda&model=Civic';
    const fitted = [
      CIVIC_PADS,
      'Slotted Front Brake Rotor',
      'H11 LED Headlight Bulbs, Pair',
      '9005 LED High-Beam Bulbs, Pair',
    ].sort();
    // Pages of 3: the fitted parts fill the first page and start the second, universal ones follow.
    const first = await list(`${civic2015}&limit=3&page=1`);
    const second = await list(`${civic2015}&limit=3&page=2`);
    expect(first.tools.map((product) => product.fits)).toEqual(['fits', 'fits', 'fits']);
    expect(second.tools.map((product) => product.fits)).toEqual(['fits', 'universal', 'universal']);
    expect([...first.tools, ...second.tools.slice(0, 1)].map((product) => product.name).sort()).toEqual(
      fitted,
    );
    const all = (await list(civic2015)).tools.map((product) => product.fits);
    expect(all.lastIndexOf('fits')).toBe(fitted.length - 1);
    expect(all.indexOf('universal')).toBe(fitted.length);

    // Every product shown: fitted, universal, then the parts that do not fit.
    const everything = (await list(`${civic2015}&fit=all`)).tools.map((product) => product.fits);
    const rank = { fits: 0, universal: 1, no: 2 } as const;
    expect(everything.map((fits) => rank[fits ?? 'no'])).toEqual(
      everything.map((fits) => rank[fits ?? 'no']).sort((a, b) => a - b),
    );
    expect(everything).toContain('no');

    // A search for the vehicle too: `pair` names two fitted bulbs and the universal jack stands.
    const pairs = (await list(`${civic2015}&search=pair`)).tools;
    expect(pairs.map((product) => product.fits)).toEqual(['fits', 'fits', 'universal']);
    expect(pairs[2]?.name).toBe('3-Ton Ratcheting Jack Stands, Pair');

    // A sort the buyer chose is theirs: by price, whatever fits.
    const byPrice = (await list(`${civic2015}&sort=price`)).tools.map((product) => product.price);
    expect(byPrice).toEqual([...byPrice].sort((a, b) => a - b));
  });

  it('tells one vehicle from another: the F-150 pads, the Camry pads and wheel', async () => {
    const f150 = await names('year=2018&make=Ford&model=F-150');
    expect(f150).toContain(TRUCK_PADS);
    expect(f150).not.toContain(SEDAN_WHEEL);
    expect(f150).not.toContain(CIVIC_PADS);
    const camry = await names('year=2020&make=Toyota&model=Camry');
    expect(camry).toContain(CAMRY_PADS);
    expect(camry).toContain(SEDAN_WHEEL);
    expect(camry).not.toContain(TRUCK_PADS);
    expect(camry).not.toContain(CIVIC_PADS);
  });

  it('holds to the year range at both ends', async () => {
    expect(await names('year=2012&make=Honda&model=Civic')).toContain(CIVIC_PADS);
    expect(await names('year=2015&make=Honda&model=Civic')).toContain(CIVIC_PADS);
    expect(await names('year=2011&make=Honda&model=Civic')).not.toContain(CIVIC_PADS);
    // 2016 on, the pads fit the 2.0-litre Civic only; a Civic whose engine is not named may be that one.
    expect(await names('year=2016&make=Honda&model=Civic&engine=2.0L%20I4')).toContain(CIVIC_PADS);
    expect(await names('year=2016&make=Honda&model=Civic&engine=1.5L%20Turbo%20I4')).not.toContain(
      CIVIC_PADS,
    );
    expect(await names('year=2016&make=Honda&model=Civic')).toContain(CIVIC_PADS);
    expect(await names('year=2016&make=Honda&model=Civic')).toContain(TIRE);
  });

  it('shows only universal parts for a vehicle no part is fitted to', async () => {
    expect(await names('year=2021&make=Tesla&model=Model%203')).toEqual([...universalNames].sort());
  });

  it('with fit=all lists everything and says which parts do not fit', async () => {
    const { tools } = await list(`${civic2014}&fit=all`);
    expect(tools).toHaveLength(seedProducts.length);
    expect(tools.find((product) => product.name === SEDAN_WHEEL)?.fits).toBe('no');
  });

  it('answers the purchase page with numbers and fitment, and the verdict for a named vehicle', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/purchase/${id[SEDAN_WHEEL]}?${civic2014}` });
    const wheel = res.json() as ToolDetails;
    expect(wheel.fits).toBe('no');
    expect(wheel.category_name).toBe('Wheels');
    expect(wheel.fitment).toContainEqual({
      make: 'Toyota',
      model: 'Camry',
      year_from: 2018,
      year_to: 2024,
      engine: null,
      submodel: null,
      position: null,
      quantity: null,
      note: null,
    });
    const pads = (
      await t.app.inject({ method: 'GET', url: `/api/purchase/${id[CIVIC_PADS]}?${civic2014}` })
    ).json() as ToolDetails;
    expect(pads.fits).toBe('fits');
    expect(pads.part_numbers).toContainEqual({ number: '45022-TR0-A01', kind: 'oem', brand: 'Honda' });
    const plain = (
      await t.app.inject({ method: 'GET', url: `/api/purchase/${id[CIVIC_PADS]}` })
    ).json() as ToolDetails;
    expect(plain.fits).toBeUndefined();
  });

  it('refuses a vehicle without all of year, make and model', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/tool?year=2014&make=Honda' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.issues).toContainEqual({
      path: 'model',
      message: 'Choose the year, make and model together',
    });
  });
});

describe('search', () => {
  it.each(['BR-320V', 'br320v', 'BR 320 V', 'br-320', '45022TR0A01', 'd1578'])(
    'finds the brake pads by the part number %s',
    async (term) => {
      expect(await names(`search=${encodeURIComponent(term)}`)).toEqual([CIVIC_PADS]);
    },
  );

  it('finds by SKU and by brand', async () => {
    expect(await names('search=AG-BP-2076')).toEqual([CAMRY_PADS]);
    expect(await names('search=apex%20garage')).toEqual(
      Object.entries(seedParts)
        .filter(([, part]) => part.brand === 'Apex Garage')
        .map(([name]) => name)
        .sort(),
    );
  });

  it('forgives a typo: wrnch finds the wrenches, closest first', async () => {
    const found = await names('search=wrnch');
    expect(found).toEqual(['1/2-Inch Drive Click Torque Wrench', 'Cordless 1/2-Inch Impact Wrench']);
    expect(await names('search=hedlight')).toContain('H11 LED Headlight Bulbs, Pair');
  });

  it('finds nothing for nonsense, not everything', async () => {
    expect(await list('search=qqqzzzxx')).toEqual({ tools: [], total: 0 });
  });

  it('suggests part numbers, products and categories while typing', async () => {
    const suggest = async (q: string) =>
      (
        await t.app.inject({ method: 'GET', url: `/api/tool/suggest?q=${encodeURIComponent(q)}` })
      ).json() as Suggestion[];
    expect(await suggest('br32')).toContainEqual({
      kind: 'part',
      label: CIVIC_PADS,
      value: id[CIVIC_PADS],
      detail: 'BR-320V',
    });
    expect((await suggest('wrnch')).map((s) => s.label)).toContain('1/2-Inch Drive Click Torque Wrench');
    expect(await suggest('brak')).toContainEqual({ kind: 'category', label: 'Brakes', value: 'brakes' });
  });
});

describe('filters and counts', () => {
  it('filters by category (with the categories under it), brand, price and stock, combined with the sort', async () => {
    expect(await names('category=brakes')).toEqual(brakeProducts.map((product) => product.name).sort());
    expect(brakeProducts.map((product) => product.name)).toEqual(
      expect.arrayContaining([CIVIC_PADS, CAMRY_PADS, TRUCK_PADS]),
    );
    // Replacement Parts holds its own (the alternator) and those of the categories under it.
    expect((await list('category=parts')).total).toBe(
      Object.values(seedParts).filter((p) =>
        ['parts', 'lights', 'brakes', 'wheels', 'tires'].includes(p.category),
      ).length,
    );
    const cheapBrakes = await list('category=brakes&maxPrice=50&sort=-price');
    expect(cheapBrakes.tools.map((product) => product.price)).toEqual(
      brakeProducts
        .map((product) => product.priceCents)
        .filter((cents) => cents <= 5000)
        .sort((a, b) => b - a)
        .map((cents) => cents / 100),
    );
    expect(cheapBrakes.tools.length).toBeGreaterThan(2);
    expect(await names('brand=Redline&inStock=1')).toEqual([
      '9005 LED High-Beam Bulbs, Pair',
      'H10 LED Fog Light Bulbs, Pair',
      'H11 LED Headlight Bulbs, Pair',
    ]);
    expect((await list('minPrice=100')).tools.every((product) => product.price >= 100)).toBe(true);
  });

  it('counts each choice with the other filters applied', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/tool/facets?category=brakes&brand=Apex%20Garage',
    });
    const facets = res.json() as ToolFacets;
    const apexBrakes = Object.values(seedParts).filter(
      (p) => p.category === 'brakes' && p.brand === 'Apex Garage',
    ).length;
    expect(facets.total).toBe(apexBrakes);
    // The brand count ignores the chosen brand, the category count ignores the chosen category.
    const brakeBrands = new Map<string, number>();
    for (const product of brakeProducts) {
      const brand = seedParts[product.name]?.brand ?? '';
      brakeBrands.set(brand, (brakeBrands.get(brand) ?? 0) + 1);
    }
    expect(brakeBrands.size).toBeGreaterThan(1);
    expect([...facets.brands].sort((a, b) => a.name.localeCompare(b.name))).toEqual(
      [...brakeBrands].map(([name, count]) => ({ name, count })).sort((a, b) => a.name.localeCompare(b.name)),
    );
    expect(facets.brands).toContainEqual({ name: 'Apex Garage', count: apexBrakes });
    expect(facets.categories.find((c) => c.slug === 'brakes')?.count).toBe(apexBrakes);
    expect(facets.categories.find((c) => c.slug === 'parts')?.count).toBe(apexBrakes);
    expect(facets.prices.reduce((n, band) => n + band.count, 0)).toBe(apexBrakes);
    expect(facets.in_stock).toBe(apexBrakes);

    const all = (await t.app.inject({ method: 'GET', url: '/api/tool/facets' })).json() as ToolFacets;
    expect(all.total).toBe(seedProducts.length);
    expect(all.brands.reduce((n, b) => n + b.count, 0)).toBe(seedProducts.length);
    expect(all.categories.find((c) => c.slug === 'lights')?.count).toBe(
      Object.values(seedParts).filter((p) => p.category === 'lights').length,
    );
    expect(all.categories.find((c) => c.slug === 'tools')?.count).toBe(universalNames.length);

    const civic = (
      await t.app.inject({ method: 'GET', url: `/api/tool/facets?${civic2014}` })
    ).json() as ToolFacets;
    expect(civic.total).toBe((await list(civic2014)).total);
    expect(civic.categories.find((c) => c.slug === 'wheels')).toBeUndefined();
  });

  it('lists the category tree with counts', async () => {
    const categories = (await t.app.inject({ method: 'GET', url: '/api/categories' })).json() as Category[];
    expect(categories.find((c) => c.slug === 'tires')).toMatchObject({
      name: 'Tires',
      parent: 'parts',
      count: Object.values(seedParts).filter((p) => p.category === 'tires').length,
    });
  });
});

describe('admins edit the parts data on the product', () => {
  it('a new fitment row shows at once in the vehicle list (the cached answer is forgotten)', async () => {
    expect(await names(civic2014)).not.toContain(TIRE);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/tool/${id[TIRE]}`,
      headers: as(admin),
      payload: {
        fitment: [{ make: 'Honda', model: 'Civic', year_from: 2012, year_to: 2021 }],
        cross_references: [{ number: 'TT 225-45 R17', kind: 'interchange', brand: 'Michelin' }],
        brand: 'Roadmaster',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Tool).brand).toBe('Roadmaster');
    expect(await names(civic2014)).toContain(TIRE);
    expect(await names('search=tt22545r17')).toEqual([TIRE]);
    expect(await names('search=TS-AS-2254517')).toEqual([TIRE]);
  });

  it('adds a product with its parts data, and refuses an unknown category and a taken SKU', async () => {
    const product = {
      name: 'Cabin Air Filter',
      image: '/images/tools/socket-set.svg',
      price: 19.99,
      description: ['Traps dust and pollen.'],
      available_quantity: 50,
      minimum_order_quantity: 1,
      category: 'parts',
      sku: 'CF-1001',
      part_number: 'CF 1001',
      fitment: [{ make: 'Toyota', model: 'Camry', year_from: 2018, year_to: 2024, engine: null }],
    };
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/tool',
      headers: as(admin),
      payload: product,
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(await names('year=2020&make=Toyota&model=Camry&search=cf1001')).toEqual(['Cabin Air Filter']);

    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/tool',
      headers: as(admin),
      payload: { ...product, sku: 'CF-1002', category: 'nope' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.issues).toContainEqual({
      path: 'category',
      message: 'Choose a category from the list',
    });
    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/tool',
      headers: as(admin),
      payload: product,
    });
    expect(taken.statusCode).toBe(409);
    expect(await names('search=cabin%20air')).toEqual(['Cabin Air Filter']);
  });

  it('refuses a fitment row whose years run backwards', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/tool/${id[TIRE]}`,
      headers: as(admin),
      payload: { fitment: [{ make: 'Honda', model: 'Civic', year_from: 2020, year_to: 2012 }] },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('typo correction', () => {
  it("corrects each misspelt word against the words of the catalog, a new product's too", async () => {
    expect(await names('search=jack%20stnds')).toContain('3-Ton Ratcheting Jack Stands, Pair');
    expect(await names('search=calipr')).not.toContain('Brake Caliper Piston Tool');
    await t.database.db.insert(products).values({
      name: 'Brake Caliper Piston Tool',
      image: '/images/tools/brake-pad-set.svg',
      priceCents: 2999,
      description: ['Winds pistons back.'],
      availableQuantity: 40,
      minimumOrderQuantity: 1,
    });
    expect(await names('search=calipr')).toContain('Brake Caliper Piston Tool');
  });
});
