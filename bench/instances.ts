// `npm run bench:instances`: 1, 2 and 4 store processes on one PostgreSQL database behind HAProxy;
// the catalog and checkout through the balancer for each count, with where the CPU went
// (bench/README.md, docs/scaling.md).
//
//   npm run bench:instances [-- --seconds=5] [--counts=1,2,4] [--products=1,256] [--postgres-url=postgres://postgres@127.0.0.1:5432/test] [--haproxy=haproxy] [--no-misses]
import { parseArgs } from 'node:util';
import { measureMissCpu } from './run/catalog-misses';
import { measureInstances } from './run/instances';
import { describeMachine } from './run/machine';
import { formatTable } from './run/table';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    counts: { type: 'string', default: '1,2,4' },
    'postgres-url': {
      type: 'string',
      default: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    },
    haproxy: { type: 'string', default: 'haproxy' },
    /** The checkout once per number: 1 buys one product (a sale), 256 spreads purchases over 256. */
    products: { type: 'string', default: '1,256' },
    /** Leave out the CPU of cache misses on the 100,000-tool catalog (seeded once, kept between runs). */
    'no-misses': { type: 'boolean', default: false },
  },
});
const seconds = Number(args.seconds);
const machine = describeMachine();
const began = performance.now();
const log = (line: string) => console.error(`bench:instances: ${line}`);
const rows = await measureInstances({
  postgresUrl: args['postgres-url'],
  seconds,
  counts: args.counts.split(',').map(Number).filter(Boolean),
  haproxy: args.haproxy,
  products: args.products.split(',').map(Number).filter(Boolean),
  log,
});
if (!args['no-misses'])
  rows.push(...(await measureMissCpu({ postgresUrl: args['postgres-url'], seconds, log })));
console.log(`\nTorque Works bench, instances behind HAProxy: ${machine}`);
console.log(
  `catalog: 10 connections, ${seconds} s after 1 s of warm-up per instance; checkout: 12 buyers, ${seconds + 3} s; 100k tools: 1 connection, ${seconds} s after 1 s of warm-up; total ${((performance.now() - began) / 1000).toFixed(0)} s\n`,
);
console.log(formatTable(rows));
