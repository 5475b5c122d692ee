import { sql } from 'drizzle-orm';
import { partNumberKey } from '../../contract/catalog';
import { dollarsToCents } from '../../contract/money';
import type { Db } from '../kernel/db';

/**
 * A big, believable catalog for measuring the store at scale (`npm run seed:large`, bench/):
 * product names, descriptions, prices and stock made from a fixed seed, so every run and every
 * machine gets the same 100,000 tools.
 */

export const LARGE_CATALOG_SIZE = 100_000;
export const LARGE_CATALOG_SEED = 7;

/** mulberry32: a tiny, well-mixed 32-bit generator; Math.random cannot be seeded. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Family {
  image: string;
  /** The category it is filed in (the shipped tree, drizzle/0012). */
  category: string;
  /** The part number's prefix, e.g. BR for brakes. */
  code: string;
  /**
   * How many vehicle ranges each product fits: parts are fitted to vehicles, tools fit any
   * (universal) when this is 0. Parts get about 30 so the catalog averages about 10 per product.
   */
  fitments: number;
  /** Names built as `${size} ${kind}` with an optional prefix; sizes and kinds picked at random. */
  kinds: string[];
  sizes: string[];
  /** Price range in dollars. */
  price: [number, number];
  /** What the description says, one sentence picked from each list. */
  sentences: string[][];
}

const BRANDS = [
  'Torque Works',
  'Ironclad',
  'Roadmaster',
  'Apex Garage',
  'Northline',
  'Steelhawk',
  'Pit Lane',
  'Gearhead Pro',
  'Redline',
  'Trailside',
];
const GRADES = ['', '', '', 'Heavy-Duty ', 'Professional ', 'Compact ', 'Premium ', 'Shop-Grade '];

const FAMILIES: Family[] = [
  {
    image: '/images/tools/torque-wrench.svg',
    category: 'hand-tools',
    code: 'TQ',
    fitments: 0,
    kinds: ['Click Torque Wrench', 'Digital Torque Wrench', 'Beam Torque Wrench', 'Torque Adapter'],
    sizes: ['1/4-Inch Drive', '3/8-Inch Drive', '1/2-Inch Drive', '3/4-Inch Drive'],
    price: [25, 260],
    sentences: [
      ['Clicks at the set torque.', 'Reads out in foot-pounds and newton-metres.', 'Locks at the set value.'],
      [
        'Calibrated to within four percent.',
        'Ships with a calibration certificate.',
        'Reversible ratchet head.',
      ],
      ['Comes in a hard storage case.', 'Knurled grip for oily hands.', 'Backed by a five-year warranty.'],
    ],
  },
  {
    image: '/images/tools/socket-set.svg',
    category: 'hand-tools',
    code: 'SK',
    fitments: 0,
    kinds: [
      'Socket Set',
      'Impact Socket Set',
      'Deep Socket Set',
      'Ratchet and Socket Kit',
      'Spark Plug Socket',
    ],
    sizes: ['24-Piece', '40-Piece', '72-Piece', '94-Piece', '128-Piece', 'Metric', 'SAE'],
    price: [15, 320],
    sentences: [
      [
        'Chrome vanadium steel throughout.',
        'Six-point sockets grip without rounding.',
        'Laser-etched sizes.',
      ],
      ['Blow-moulded case keeps every piece in place.', 'Quick-release ratchet.', 'Includes extensions.'],
      ['Fits most cars and light trucks.', 'Lifetime replacement guarantee.', 'Mirror-polished finish.'],
    ],
  },
  {
    image: '/images/tools/floor-jack.svg',
    category: 'lifting',
    code: 'FJ',
    fitments: 0,
    kinds: ['Floor Jack', 'Bottle Jack', 'Scissor Jack', 'Transmission Jack', 'Trolley Jack'],
    sizes: ['1.5-Ton', '2-Ton', '3-Ton', '4-Ton', '6-Ton', '12-Ton'],
    price: [40, 480],
    sentences: [
      ['Dual pump pistons lift in a few strokes.', 'Low profile slides under sports cars.', 'Steel frame.'],
      [
        'Safety bypass valve prevents overloading.',
        'Rubber saddle protects the pinch weld.',
        'Swivel casters.',
      ],
      ['Two-piece handle stores inside the frame.', 'Meets ASME PASE standards.', 'Quick lift to the load.'],
    ],
  },
  {
    image: '/images/tools/jack-stands.svg',
    category: 'lifting',
    code: 'JS',
    fitments: 0,
    kinds: ['Jack Stands, Pair', 'Ratcheting Jack Stands', 'Pin-Type Jack Stands', 'Wheel Dollies, Set of 4'],
    sizes: ['2-Ton', '3-Ton', '6-Ton', '12-Ton'],
    price: [25, 190],
    sentences: [
      ['Double-locking pawl.', 'Wide base keeps the load steady.', 'Welded steel construction.'],
      ['Heights adjust in one-inch steps.', 'Powder-coated against rust.', 'Rated and tested in pairs.'],
      [
        'Never work under a car on a jack alone.',
        'Folds flat for storage.',
        'Rubber feet protect the floor.',
      ],
    ],
  },
  {
    image: '/images/tools/obd2-scanner.svg',
    category: 'diagnostics',
    code: 'OB',
    fitments: 0,
    kinds: ['OBD-II Code Scanner', 'Bluetooth OBD-II Adapter', 'ABS and SRS Scan Tool', 'Live Data Scanner'],
    sizes: ['Basic', 'Pocket', 'Color Screen', 'Pro', 'Bidirectional'],
    price: [20, 650],
    sentences: [
      ['Reads and clears engine codes.', 'Shows live sensor data.', 'Works with 1996 and newer vehicles.'],
      ['Looks up code meanings on screen.', 'Checks emissions readiness.', 'Records freeze-frame data.'],
      ['Free lifetime updates.', 'Plugs into the port under the dash.', 'No batteries needed.'],
    ],
  },
  {
    image: '/images/tools/led-headlight-bulbs.svg',
    category: 'lights',
    code: 'LT',
    fitments: 30,
    kinds: ['LED Headlight Bulbs, Pair', 'LED Fog Light Bulbs', 'Halogen Headlight Bulb', 'LED Work Light'],
    sizes: ['H1', 'H4', 'H7', 'H11', '9005', '9006', '1200-Lumen', '3000-Lumen'],
    price: [10, 140],
    sentences: [
      ['Cool white 6000 K beam.', 'Plug-and-play fitting.', 'Fan-cooled for long life.'],
      ['Sharp cut-off keeps oncoming drivers comfortable.', 'Rated for 30,000 hours.', 'Waterproof housing.'],
      ['Draws less power than halogen.', 'Canbus ready.', 'Sold with a two-year warranty.'],
    ],
  },
  {
    image: '/images/tools/brake-pad-set.svg',
    category: 'brakes',
    code: 'BR',
    fitments: 30,
    kinds: [
      'Ceramic Brake Pad Set',
      'Semi-Metallic Brake Pads',
      'Brake Rotor',
      'Brake Caliper',
      'Brake Bleeder Kit',
    ],
    sizes: ['Front', 'Rear', 'Front and Rear', 'Performance', 'Severe-Duty'],
    price: [20, 260],
    sentences: [
      ['Quiet, low-dust braking.', 'Shims and hardware included.', 'Chamfered and slotted pads.'],
      ['Bedded-in in a few stops.', 'Fits most compact and mid-size cars.', 'Corrosion-resistant coating.'],
      ['Check the fitment guide before ordering.', 'Meets or beats the original part.', 'Tested for fade.'],
    ],
  },
  {
    image: '/images/tools/impact-wrench.svg',
    category: 'power-tools',
    code: 'IW',
    fitments: 0,
    kinds: [
      'Cordless Impact Wrench',
      'Air Impact Wrench',
      'Impact Driver',
      'Cordless Ratchet',
      'Angle Grinder',
    ],
    sizes: ['12V', '18V', '20V', '1/4-Inch', '3/8-Inch', '1/2-Inch', '3/4-Inch'],
    price: [45, 420],
    sentences: [
      ['Brushless motor runs cooler and longer.', 'Three speed settings.', 'Breaks loose rusted lug nuts.'],
      ['LED light shows the work.', 'Hog-ring anvil holds sockets tight.', 'Belt clip included.'],
      ['Battery sold separately.', 'Works with the whole cordless range.', 'Rubber overmould absorbs shock.'],
    ],
  },
  {
    image: '/images/tools/tire-pressure-gauge.svg',
    category: 'diagnostics',
    code: 'TG',
    fitments: 0,
    kinds: [
      'Tire Pressure Gauge',
      'Tire Inflator',
      'Tread Depth Gauge',
      'Valve Core Tool',
      'Tire Repair Kit',
    ],
    sizes: ['Digital', 'Dial', 'Pencil', 'Cordless', '12V', 'Heavy-Duty'],
    price: [5, 130],
    sentences: [
      ['Reads in PSI, BAR and kPa.', 'Backlit display for night checks.', 'Accurate to half a PSI.'],
      [
        'Bleed valve lets air out to the right pressure.',
        'Swivel chuck reaches every valve.',
        'Auto shut-off.',
      ],
      ['Fits in the glovebox.', 'Check pressures when tires are cold.', 'Runs on a replaceable battery.'],
    ],
  },
  {
    image: '/images/tools/battery-charger.svg',
    category: 'diagnostics',
    code: 'BC',
    fitments: 0,
    kinds: ['Battery Charger', 'Battery Maintainer', 'Jump Starter', 'Battery Tester', 'Jumper Cables'],
    sizes: ['2-Amp', '6-Amp', '10-Amp', '25-Amp', '1000-Amp', '2000-Amp', '20-Foot'],
    price: [15, 280],
    sentences: [
      [
        'Charges lead-acid, AGM and lithium batteries.',
        'Spark-proof clamps.',
        'Reverse-polarity protection.',
      ],
      [
        'Maintains a stored battery all winter.',
        'Shows the charge on a clear display.',
        'Repairs sulfated cells.',
      ],
      ['Safe to leave connected.', 'Weather-resistant case.', 'Comes with ring terminals.'],
    ],
  },
  {
    image: '/images/tools/alloy-wheel.svg',
    category: 'wheels',
    code: 'WH',
    fitments: 30,
    kinds: ['Alloy Wheel', 'Steel Wheel', 'Wheel Lug Nut Set', 'Wheel Spacer Set', 'Hub Cap Set'],
    sizes: ['15-Inch', '16-Inch', '17-Inch', '18-Inch', '19-Inch', '20-Inch'],
    price: [20, 420],
    sentences: [
      ['Low-pressure cast aluminium.', 'Hub-centric fit.', 'Gloss black or silver finish.'],
      ['Load-rated for SUVs.', 'Accepts factory TPMS sensors.', 'Clear-coated against brake dust.'],
      ['Check bolt pattern and offset first.', 'Sold individually.', 'Center caps included.'],
    ],
  },
  {
    image: '/images/tools/all-season-tire.svg',
    category: 'tires',
    code: 'TR',
    fitments: 30,
    kinds: ['All-Season Touring Tire', 'Winter Tire', 'All-Terrain Tire', 'Performance Summer Tire'],
    sizes: ['195/65R15', '205/55R16', '215/60R16', '225/45R17', '235/55R18', '245/40R19', '265/70R17'],
    price: [70, 320],
    sentences: [
      ['Quiet ride on the highway.', 'Siped tread grips in rain and light snow.', 'Even wear.'],
      ['60,000-mile tread warranty.', 'Reinforced sidewalls.', 'Rated for speeds up to 130 mph.'],
      ['Sold individually.', 'Mount and balance at any shop.', 'Check the size on your sidewall.'],
    ],
  },
];

/** One vehicle range a large-catalog product fits, by the index of a model in the vehicles table. */
export interface LargeFitment {
  model: number;
  /** Where in the model's years the range starts and how long it runs, as fractions. */
  start: number;
  span: number;
}

/** One row of the large catalog, in the columns the products table takes, and its parts data. */
export interface LargeCatalogProduct {
  name: string;
  brand: string;
  category: string;
  sku: string;
  partNumber: string;
  universal: boolean;
  fitment: LargeFitment[];
  image: string;
  priceCents: number;
  description: string[];
  availableQuantity: number;
  minimumOrderQuantity: number;
  createdAt: Date;
}

/** The `count` tools of the catalog made from `seed`; the same arguments give the same tools. */
export function* largeCatalog(count: number, seed = LARGE_CATALOG_SEED): Generator<LargeCatalogProduct> {
  const next = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  // Oldest first, one second apart, ending now-ish: a fixed start keeps runs identical.
  const start = Date.UTC(2024, 0, 1);
  for (let i = 0; i < count; i += 1) {
    const family = pick(FAMILIES);
    const [low, high] = family.price;
    // Prices end in .99 or .49 like a shop's, never below the store's $1 minimum.
    const dollars = Math.max(1, Math.floor(low + next() * (high - low)));
    const cents = dollarsToCents(dollars) + (next() < 0.8 ? 99 : 49);
    const brand = pick(BRANDS);
    const sku = `LC-${String(i + 1).padStart(6, '0')}`;
    const partNumber = `${family.code}-${Math.floor(next() * 90_000) + 10_000}${pick(['', 'A', 'S', 'X'])}`;
    // Between half and one and a half times the family's average number of ranges.
    const ranges = family.fitments === 0 ? 0 : Math.round(family.fitments * (0.5 + next()));
    const fitment = Array.from({ length: ranges }, () => ({ model: next(), start: next(), span: next() }));
    yield {
      brand,
      category: family.category,
      sku,
      partNumber,
      universal: family.fitments === 0,
      fitment: fitment.map((f) => ({ model: f.model, start: f.start, span: f.span })),
      name: `${brand} ${pick(GRADES)}${pick(family.sizes)} ${pick(family.kinds)}`,
      image: family.image,
      priceCents: cents,
      description: family.sentences.map((choices) => pick(choices)),
      availableQuantity: 20 + Math.floor(next() * 980),
      minimumOrderQuantity: 1 + Math.floor(next() * 10),
      createdAt: new Date(start + i * 1000),
    };
  }
}

/** Rows per INSERT: each column goes over as one array parameter, so this is bounded by memory only. */
const BATCH = 5_000;

/**
 * Inserts the large catalog in batches: one statement per batch with one array parameter per
 * column (unnest), instead of seven parameters per row. Returns how many tools were inserted.
 */
export async function insertLargeCatalog(
  db: Db,
  count = LARGE_CATALOG_SIZE,
  seed = LARGE_CATALOG_SEED,
  onBatch: (inserted: number) => void = () => {},
): Promise<number> {
  let batch: LargeCatalogProduct[] = [];
  let inserted = 0;
  // The models the vehicles table ships, with their first and last years: fitment picks among them.
  const models = (
    (await db.execute(sql`
      select make, model, min(year)::int as first, max(year)::int as last
      from vehicles group by make, model order by make, model`)) as unknown as {
      rows: Array<{ make: string; model: string; first: number; last: number }>;
    }
  ).rows;
  const flush = async () => {
    if (batch.length === 0) return;
    const column = <T>(get: (product: LargeCatalogProduct) => T) => sql.param(batch.map(get));
    // A text[] per row cannot travel inside one array parameter (PostgreSQL arrays are
    // rectangular), so each description goes as lines and is split back in the database.
    const names = column((t) => t.name);
    const images = column((t) => t.image);
    const prices = column((t) => t.priceCents);
    const descriptions = column((t) => t.description.join('\n'));
    const stock = column((t) => t.availableQuantity);
    const minimums = column((t) => t.minimumOrderQuantity);
    const created = column((t) => t.createdAt.toISOString());
    const brands = column((t) => t.brand);
    const categories = column((t) => t.category);
    const skus = column((t) => t.sku);
    const partNumbers = column((t) => t.partNumber);
    const universal = column((t) => t.universal);
    await db.execute(sql`
      insert into products (name, image, price_cents, description, available_quantity, minimum_order_quantity, created_at,
        brand, category_slug, sku, part_number, universal_fit)
      select name, image, price_cents, string_to_array(description, chr(10)), available_quantity, minimum_order_quantity, created_at,
        brand, category_slug, sku, part_number, universal_fit
      from unnest(${names}::text[], ${images}::text[], ${prices}::int[], ${descriptions}::text[], ${stock}::int[],
        ${minimums}::int[], ${created}::timestamptz[], ${brands}::text[], ${categories}::text[], ${skus}::text[],
        ${partNumbers}::text[], ${universal}::boolean[])
        as rows(name, image, price_cents, description, available_quantity, minimum_order_quantity, created_at,
          brand, category_slug, sku, part_number, universal_fit)
    `);
    await insertPartsData(db, batch, models);
    inserted += batch.length;
    batch = [];
    onBatch(inserted);
  };
  for (const product of largeCatalog(count, seed)) {
    batch.push(product);
    if (batch.length === BATCH) await flush();
  }
  await flush();
  // Fresh statistics, and a visibility map so counting can read the indexes alone.
  await db.execute(sql`vacuum analyze products`);
  await db.execute(sql`vacuum analyze part_numbers`);
  await db.execute(sql`vacuum analyze fitments`);
  return inserted;
}

/**
 * A batch's part numbers (SKU and maker's number, each with its searchable key) and fitment rows,
 * found by SKU: one statement for each table, columns as arrays like the tools themselves.
 */
async function insertPartsData(
  db: Db,
  batch: LargeCatalogProduct[],
  models: Array<{ make: string; model: string; first: number; last: number }>,
) {
  const numbers = batch.flatMap((t) => [
    { sku: t.sku, number: t.sku, kind: 'sku', brand: t.brand },
    { sku: t.sku, number: t.partNumber, kind: 'maker', brand: t.brand },
  ]);
  await db.execute(sql`
    insert into part_numbers (product_id, number, key, kind, brand)
    select t.id, n.number, n.key, n.kind, n.brand
    from unnest(${sql.param(numbers.map((n) => n.sku))}::text[], ${sql.param(numbers.map((n) => n.number))}::text[],
      ${sql.param(numbers.map((n) => partNumberKey(n.number)))}::text[], ${sql.param(numbers.map((n) => n.kind))}::text[],
      ${sql.param(numbers.map((n) => n.brand))}::text[]) as n(sku, number, key, kind, brand)
    join products t on t.sku = n.sku
  `);
  if (models.length === 0) return;
  const rows = batch.flatMap((t) =>
    t.fitment.map((f) => {
      const m = models[Math.floor(f.model * models.length)] ?? models[0];
      if (!m) throw new Error('no vehicle models');
      const years = m.last - m.first + 1;
      const from = m.first + Math.floor(f.start * years);
      const to = Math.min(m.last, from + Math.floor(f.span * 8));
      return { sku: t.sku, make: m.make, model: m.model, from, to };
    }),
  );
  if (rows.length === 0) return;
  // A product drawn the same range twice keeps one row (fitments are unique per vehicle range).
  await db.execute(sql`
    insert into fitments (product_id, make, model, year_from, year_to)
    select t.id, f.make, f.model, f.year_from, f.year_to
    from unnest(${sql.param(rows.map((r) => r.sku))}::text[], ${sql.param(rows.map((r) => r.make))}::text[],
      ${sql.param(rows.map((r) => r.model))}::text[], ${sql.param(rows.map((r) => r.from))}::int[],
      ${sql.param(rows.map((r) => r.to))}::int[]) as f(sku, make, model, year_from, year_to)
    join products t on t.sku = f.sku
    on conflict do nothing
  `);
}
