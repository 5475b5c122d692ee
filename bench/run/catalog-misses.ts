// What a catalog read that misses the answer cache costs the store and PostgreSQL in CPU, on the
// 100,000-tool catalog of `npm run bench` (its queries, one connection): the figure the capacity
// model of docs/scaling.md needs beside the purchases'.
import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startStore } from './children';
import { largePostgresUrl } from './large-catalog-db';
import { measureOnce } from './load';
import { backendCpu, backendCpuSpent } from './process-cpu';
import { SCALE_QUERIES } from './scale';
import { perSecond, type Row } from './table';

function* endless(make: () => Generator<string>): Generator<string> {
  for (;;) yield* make();
}

/** One row per query kind of the 100,000-tool catalog: its rate, latency and CPU per answer. */
export async function measureMissCpu({
  postgresUrl,
  seconds,
  log = () => {},
}: {
  postgresUrl: string;
  seconds: number;
  log?: (line: string) => void;
}): Promise<Row[]> {
  const url = await largePostgresUrl(postgresUrl, log);
  const database = new URL(url).pathname.slice(1);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'torque-bench-misses-'));
  const store = await startStore({
    DATABASE_URL: url,
    DATA_DIR: dataDir,
    SEED_DEMO_DATA: 'false',
    WEB_DIST_DIR: '/nonexistent-web-build',
  });
  const probe = new pg.Client({ connectionString: url });
  const rows: Row[] = [];
  try {
    await probe.connect();
    for (const [name, make] of Object.entries(SCALE_QUERIES)) {
      log(`100k tools, ${name}: CPU per cache miss`);
      const paths = endless(make);
      const options = { connections: 1, nextPath: () => paths.next().value as string };
      await measureOnce(store.url, { ...options, seconds: 1 });
      const [storeBefore, backendsBefore] = [await store.cpu(), await backendCpu(probe, database)];
      const result = await measureOnce(store.url, { ...options, seconds });
      const storeSpent = (await store.cpu()) - storeBefore;
      const postgresSpent = backendCpuSpent(backendsBefore, await backendCpu(probe, database));
      const answers = result.rps * seconds;
      rows.push({
        what: `100k tools, ${name}`,
        database: 'PostgreSQL',
        rate: perSecond(result.rps),
        p50: result.p50,
        p99: result.p99,
        note: [
          `1 connection, every request a cache miss; CPU per answer: store ${(storeSpent / answers).toFixed(0)}, PostgreSQL ${(postgresSpent / answers).toFixed(0)} µs`,
          result.failures ? `${result.failures} failed` : '',
          `load average ${os.loadavg()[0]?.toFixed(2)}`,
        ]
          .filter(Boolean)
          .join('; '),
      });
    }
  } finally {
    await probe.end().catch(() => {});
    await store.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}
