// `npm run bench:footprint`: how much the store takes from the machine it runs on. Prints the
// production install's size, the idle store's resident memory on PGlite and on PostgreSQL (demo
// catalog), and the time from spawning a warm store to its first 200 on `/`, each beside its
// limit (issue 29, point 4), with the machine's cores and load. A benchmark, never a test.
//
//   npm run bench:footprint [-- --here] [--no-postgres] [--postgres-url=postgres://postgres@127.0.0.1:5432/postgres] [--idle-seconds=15]
//
// By default the committed tree is cloned into a temporary directory and installed as production
// does it (`npm ci`, `npm run build`, `npm prune --omit=dev`); the store is then started from that
// pruned install, so the figures are those of a process with no development package at hand.
// `--here` skips the install and starts the store from this checkout instead (quicker; no size).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: {
    here: { type: 'boolean', default: false },
    'no-postgres': { type: 'boolean', default: false },
    /** A server where a scratch database may be created and dropped (the store gets its own). */
    'postgres-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    'idle-seconds': { type: 'string', default: '15' },
    /** Also print the rows as one line of JSON (for `npm run bench`'s table of goals). */
    json: { type: 'boolean', default: false },
  },
});
const idleMs = Number(args['idle-seconds']) * 1000;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MB = 1024 * 1024;
const LIMITS = { installMb: 250, pgliteRssMb: 250, postgresRssMb: 150, warmStartMs: 3000 };

const log = (line) => console.error(`footprint: ${line}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function run(command, commandArgs, cwd) {
  const result = spawnSync(command, commandArgs, { cwd, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error(`${command} ${commandArgs.join(' ')} failed (${result.status})`);
}

/** Bytes under a directory as `du` counts them (blocks on disk, what an operator sees). */
function diskUsage(dir) {
  const out = spawnSync('du', ['-sk', dir], { encoding: 'utf8' });
  return Number(out.stdout.split('\t')[0]) * 1024;
}

/** A clone of the committed tree, installed, built and pruned as a production machine would. */
function productionInstall() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'torque-footprint-'));
  log(`cloning into ${dir}`);
  run('git', ['clone', '--quiet', root, dir], root);
  log('npm ci (development install, to build)');
  run('npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], dir);
  log('npm run build');
  run('npm', ['run', 'build', '--silent'], dir);
  log('npm prune --omit=dev');
  run('npm', ['prune', '--omit=dev', '--no-audit', '--no-fund', '--loglevel=error'], dir);
  return { dir, bytes: diskUsage(path.join(dir, 'node_modules')) };
}

/** Resident memory of a process, from the kernel (`ps` reports kilobytes). */
function residentBytes(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /VmRSS:\s+(\d+) kB/.exec(status);
    if (match) return Number(match[1]) * 1024;
  } catch {}
  const out = spawnSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' });
  return Number(out.stdout.trim()) * 1024;
}

async function freePort() {
  const { createServer } = await import('node:net');
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * `npm start` without npm's own process in front: scripts/start.mjs is the store's process.
 * Resolves with the process and the milliseconds from spawn to the first 200 on `/`.
 */
async function startStore(dir, env) {
  const port = await freePort();
  const began = performance.now();
  const child = spawn(process.execPath, [path.join(dir, 'scripts/start.mjs')], {
    cwd: dir,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk) => {
    errors += chunk;
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  for (;;) {
    if (gone) throw new Error(`the store exited before answering:\n${errors}`);
    if (performance.now() - began > 300_000) throw new Error('the store did not answer within 5 minutes');
    try {
      const answer = await fetch(`http://127.0.0.1:${port}/`);
      await answer.arrayBuffer();
      if (answer.status === 200) break;
    } catch {}
    await sleep(20);
  }
  const firstPageMs = performance.now() - began;
  return {
    pid: child.pid,
    firstPageMs,
    async stop() {
      if (!gone) child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * A first start (migrations, demo seed; and, in a checkout, the builds), stopped; then the warm
 * start that is measured, left idle, and its resident memory read.
 */
async function measureStore(dir, env) {
  const first = await startStore(dir, env);
  await first.stop();
  const warm = await startStore(dir, env);
  await sleep(idleMs);
  const rss = residentBytes(warm.pid);
  await warm.stop();
  return { rss, firstPageMs: warm.firstPageMs };
}

async function withScratchPostgres(adminUrl, use) {
  const { default: pg } = await import('pg');
  const name = `footprint_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return await use(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
    await admin.end();
  }
}

const rows = [];
const row = (what, value, limit, unit, met) => rows.push({ what, value, limit, unit, met });
const load = os.loadavg().map((n) => n.toFixed(2));

let install;
try {
  if (!args.here) {
    install = productionInstall();
    row(
      'production install (node_modules)',
      install.bytes / MB,
      LIMITS.installMb,
      'MB',
      install.bytes / MB < LIMITS.installMb,
    );
  }
  const dir = install?.dir ?? root;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'torque-footprint-data-'));
  try {
    log('PGlite: first start, then a warm start left idle');
    const pglite = await measureStore(dir, { DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
    row(
      'idle resident memory, PGlite',
      pglite.rss / MB,
      LIMITS.pgliteRssMb,
      'MB',
      pglite.rss / MB < LIMITS.pgliteRssMb,
    );
    row(
      'warm start to first page, PGlite',
      pglite.firstPageMs,
      LIMITS.warmStartMs,
      'ms',
      pglite.firstPageMs < LIMITS.warmStartMs,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (!args['no-postgres']) {
    log('PostgreSQL: a scratch database, first start, then a warm start left idle');
    const postgres = await withScratchPostgres(args['postgres-url'], (url) =>
      measureStore(dir, { DATABASE_URL: url, DATA_DIR: path.join(os.tmpdir(), 'unused'), LOG_LEVEL: 'warn' }),
    );
    row(
      'idle resident memory, PostgreSQL',
      postgres.rss / MB,
      LIMITS.postgresRssMb,
      'MB',
      postgres.rss / MB < LIMITS.postgresRssMb,
    );
    row(
      'warm start to first page, PostgreSQL',
      postgres.firstPageMs,
      LIMITS.warmStartMs,
      'ms',
      postgres.firstPageMs < LIMITS.warmStartMs,
    );
  }
} finally {
  if (install) rmSync(install.dir, { recursive: true, force: true });
}

const cpus = os.cpus();
console.log(
  `machine: ${cpus[0]?.model ?? 'unknown CPU'}, ${cpus.length} cores, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GB, ` +
    `Node ${process.versions.node}, load average ${load.join(' ')} at the start, idle ${idleMs / 1000} s before reading memory`,
);
console.log(
  `from: ${args.here ? 'this checkout (--here)' : 'a pruned production install of the committed tree'}`,
);
console.log('');
console.log('| measurement | figure | limit | met |');
console.log('|---|---|---|---|');
for (const r of rows) {
  const value = r.unit === 'MB' ? r.value.toFixed(1) : r.value.toFixed(0);
  console.log(`| ${r.what} | ${value} ${r.unit} | under ${r.limit} ${r.unit} | ${r.met ? 'yes' : 'NO'} |`);
}
if (args.json) console.log(`footprint-json: ${JSON.stringify(rows)}`);
