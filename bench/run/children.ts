import { type ChildProcess, fork } from 'node:child_process';
import { rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** A server started as a child process, on 127.0.0.1. */
export interface Child {
  url: string;
  /** CPU time the process has used so far, user and system, in microseconds. */
  cpu(): Promise<number>;
  /** Statements the process sent its database so far; undefined for a child that does not count. */
  statements(): Promise<number | undefined>;
  stop(): Promise<void>;
}

/** Only what node needs, then the given settings: nothing else of the caller's environment leaks in. */
const baseEnv = () => ({
  PATH: process.env.PATH ?? '',
  HOME: process.env.HOME ?? '',
  ...(process.env.TMPDIR ? { TMPDIR: process.env.TMPDIR } : {}),
  // BENCH_JOBS=1: the stores deliver their outbox during the run, as `npm start` does.
  ...(process.env.BENCH_JOBS ? { BENCH_JOBS: process.env.BENCH_JOBS } : {}),
});

const compiledDir = path.join(here, '..', '..', 'dist', 'bench');
const compiling = new Map<string, Promise<string>>();

/**
 * The child script compiled into one file as `npm start` runs the server (esbuild, packages left
 * to node_modules), once per bench run: through tsx the store's every module went through its
 * loader, which a production store never does. It lands in dist/, so its imports of packages
 * resolve from the project's node_modules.
 */
function compiled(script: string): Promise<string> {
  let done = compiling.get(script);
  if (!done) {
    done = (async () => {
      const { build } = await import('esbuild');
      const outfile = path.join(compiledDir, `${process.pid}-${script.replace(/\.ts$/, '.mjs')}`);
      await build({
        entryPoints: [path.join(here, script)],
        outfile,
        bundle: true,
        packages: 'external',
        platform: 'node',
        format: 'esm',
        target: 'node20.19',
        logLevel: 'warning',
      });
      process.once('exit', () => rmSync(outfile, { force: true }));
      return outfile;
    })();
    compiling.set(script, done);
  }
  return done;
}

async function start(script: string, env: Record<string, string>, first?: unknown): Promise<Child> {
  // BENCH_CPU_PROF_DIR=dir writes a CPU profile of every server process there, to see where time goes.
  const profile = process.env.BENCH_CPU_PROF_DIR;
  const child: ChildProcess = fork(await compiled(script), [], {
    execArgv: profile
      ? ['--cpu-prof', `--cpu-prof-dir=${profile}`]
      : process.env.BENCH_PERF
        ? ['--perf-basic-prof']
        : [],
    env: { ...baseEnv(), ...env, NODE_ENV: 'production' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message: { port: number }) => resolve(message.port));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code} before listening`)));
    if (first !== undefined) child.send(first as object);
  });
  const ask = () =>
    new Promise<{ cpu: number; statements?: number }>((resolve) => {
      child.once('message', (message: { cpu: number; statements?: number }) => resolve(message));
      child.send('cpu');
    });
  return {
    url: `http://127.0.0.1:${port}`,
    cpu: async () => (await ask()).cpu,
    statements: async () => (await ask()).statements,
    async stop() {
      child.send('stop');
      await exited;
    },
  };
}

/**
 * The store (bench/run/store-child.ts) with these settings (DATABASE_URL or DATA_DIR, ...). It runs
 * as production with the simulated card processor, which production only takes when asked; one
 * client from one address measures the catalog's uncached searches, so their per-address limit is
 * lifted (the limit is not what the bench measures).
 */
export const startStore = (env: Record<string, string>) =>
  start('store-child.ts', {
    PAYMENTS: 'simulated',
    RATE_LIMIT_CATALOG_SEARCH_PER_MINUTE: '1000000000',
    ...env,
  });

/** The bare node:http baseline, answering each path with the given answer. */
export const startRaw = (routes: Record<string, RawAnswer>) => start('raw-child.ts', {}, routes);

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  /** base64 */
  body: string;
}

/** Headers node:http writes by itself on every answer; the baseline must not send them twice. */
const HOP_BY_HOP = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** What the store answers to one GET, byte for byte, to replay from the baseline. */
export function capture(
  url: string,
  headers: Record<string, string> = {},
): Promise<RawAnswer & { size: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          const kept: Record<string, string> = {};
          for (const [name, value] of Object.entries(response.headers)) {
            if (!HOP_BY_HOP.has(name) && value !== undefined) kept[name] = String(value);
          }
          resolve({
            status: response.statusCode ?? 0,
            headers: kept,
            body: body.toString('base64'),
            size: body.length,
          });
        });
      })
      .on('error', reject);
  });
}
