// `npm run bench:vehicles`: the vehicle picker's dependent lists and the offline VIN decoder, timed
// (issue 42: picker under 50 ms p99 on both engines, a VIN under 20 ms). Loads vPIC's vehicles into
// a fresh PGlite and a scratch PostgreSQL database (timing the first-start load), then asks the
// picker what a buyer asks: years, makes of a year, models of a make, engines of a model. A
// benchmark, never a test.
//
//   npm run bench:vehicles [-- --no-postgres] [--postgres-url=postgres://postgres@127.0.0.1:5432/postgres] [--rounds=300]
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../src/server/kernel/db/database';
import { loadVehicleData } from '../src/server/modules/vehicles';
import { REAL_VINS } from '../src/server/modules/vehicles/real-vins.fixture';
import { forgetVehicleOptions, vehicleOptions } from '../src/server/modules/vehicles/vehicles.service';
import { readVin } from '../src/server/modules/vehicles/vin';

const { values: args } = parseArgs({
  options: {
    'no-postgres': { type: 'boolean', default: false },
    'postgres-url': {
      type: 'string',
      default: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    },
    rounds: { type: 'string', default: '300' },
  },
});
const rounds = Number(args.rounds);
const p = (times: number[], q: number) =>
  [...times].sort((a, b) => a - b)[Math.min(times.length - 1, Math.floor(times.length * q))] ?? 0;
const ms = (n: number) => `${n.toFixed(1)} ms`;
const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)];

async function picker(name: string, database: Database) {
  const started = performance.now();
  await migrateAndLoad(database);
  const loadMs = performance.now() - started;
  const times: number[] = [];
  const cold: number[] = [];
  // Every other round starts with every list forgotten, as after a start: each of its four
  // answers then asks the database for its new list (the earlier ones held from the round).
  let forget = false;
  const timed = async <T>(f: () => Promise<T>) => {
    const t = performance.now();
    const r = await f();
    (forget ? cold : times).push(performance.now() - t);
    return r;
  };
  const { years } = await vehicleOptions(database.db, {});
  for (let i = 0; i < rounds; i += 1) {
    forget = i % 2 === 1;
    if (forget) forgetVehicleOptions(database.db);
    const year = pick(years) ?? 2015;
    await timed(() => vehicleOptions(database.db, {}));
    const { makes } = await timed(() => vehicleOptions(database.db, { year }));
    const make = pick(makes);
    if (!make) continue;
    const { models } = await timed(() => vehicleOptions(database.db, { year, make }));
    const model = pick(models);
    if (model) await timed(() => vehicleOptions(database.db, { year, make, model }));
  }
  console.log(
    `${name}: migrate + first-start load ${ms(loadMs)}; picker ${times.length + cold.length} lists, p50 ${ms(p([...times, ...cold], 0.5))}, p99 ${ms(p([...times, ...cold], 0.99))} (limit 50 ms); not held ${cold.length}, p99 ${ms(p(cold, 0.99))}; load average ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} cores`,
  );
}

async function migrateAndLoad(database: Database) {
  await database.migrate();
  await loadVehicleData(database.db);
}

const firstVin = performance.now();
readVin(REAL_VINS[0]?.[0] ?? '');
const loadVins = performance.now() - firstVin;
const vinTimes: number[] = [];
for (let i = 0; i < 20; i += 1)
  for (const [vin] of REAL_VINS) {
    const t = performance.now();
    readVin(vin);
    vinTimes.push(performance.now() - t);
  }
console.log(
  `VIN decode: first (reads the patterns) ${ms(loadVins)}; ${vinTimes.length} decodes, p50 ${ms(p(vinTimes, 0.5))}, p99 ${ms(p(vinTimes, 0.99))} (limit 20 ms); heap ${Math.round(process.memoryUsage().heapUsed / 2 ** 20)} MB`,
);

const lite = await openPglite();
try {
  await picker('PGlite', lite);
} finally {
  await lite.close();
}
if (!args['no-postgres']) {
  const name = `bench_vehicles_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: args['postgres-url'] });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(args['postgres-url'] ?? '');
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString(), 4);
  try {
    await picker('PostgreSQL', database);
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
