// `npm run bench:instances`: 1, 2 and 4 store processes on one PostgreSQL database behind HAProxy;
// the catalog and checkout through the balancer for each count, with where the CPU went
// (bench/README.md, docs/scaling.md).
//
//   npm run bench:instances [-- --seconds=5] [--counts=1,2,4] [--postgres-url=postgres://postgres@127.0.0.1:5432/test] [--haproxy=haproxy]
import { parseArgs } from 'node:util';
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
  },
});
const seconds = Number(args.seconds);
const machine = describeMachine();
const began = performance.now();
const rows = await measureInstances({
  postgresUrl: args['postgres-url'],
  seconds,
  counts: args.counts.split(',').map(Number),
  haproxy: args.haproxy,
  log: (line) => console.error(`bench:instances: ${line}`),
});
console.log(`\nTorque Works bench, instances behind HAProxy: ${machine}`);
console.log(
  `catalog: 10 connections, ${seconds} s after 1 s of warm-up per instance; checkout: 12 buyers, ${seconds + 3} s; total ${((performance.now() - began) / 1000).toFixed(0)} s\n`,
);
console.log(formatTable(rows));
