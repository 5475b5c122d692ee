// HAProxy in front of several stores, for `npm run bench:instances`: a configuration written to a
// temporary file, the balancer in the foreground as a child process, and its statistics (which
// instance answered how many requests). docs/scaling.md shows the same configuration for a
// deployment.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface Balancer {
  url: string;
  pid: number;
  /** Requests each instance has been sent so far (HAProxy's `stot`), in the order given. */
  requestsPerInstance(): Promise<number[]>;
  stop(): Promise<void>;
}

/** A port free right now on 127.0.0.1 (HAProxy's `bind` needs a number, not 0). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * The configuration: HTTP mode, keep-alive on both sides, round robin over the instances, each
 * checked on /readyz (the store answers 503 there when it cannot reach its database, so an
 * instance that lost PostgreSQL leaves the rotation), and the client's address passed on in
 * X-Forwarded-For for the stores' TRUST_PROXY.
 */
export function haproxyConfig(port: number, statsPort: number, instances: string[]): string {
  const servers = instances.map((url, index) => {
    const { host } = new URL(url);
    return `  server store${index + 1} ${host} check inter 2s fall 2 rise 1`;
  });
  return [
    'global',
    // One thread: on a small machine the stores and PostgreSQL need the cores more than HAProxy.
    '  nbthread 1',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  option http-keep-alive',
    '  option forwardfor',
    '  timeout connect 5s',
    '  timeout client 30s',
    '  timeout server 30s',
    '  timeout http-keep-alive 30s',
    'frontend store',
    `  bind 127.0.0.1:${port}`,
    '  default_backend stores',
    'backend stores',
    '  balance roundrobin',
    '  option httpchk GET /readyz',
    '  http-check expect status 200',
    ...servers,
    'frontend stats',
    `  bind 127.0.0.1:${statsPort}`,
    '  stats enable',
    '  stats uri /stats',
    '',
  ].join('\n');
}

/** HAProxy's CSV statistics: the `stot` and `status` of each server of the `stores` backend. */
async function serverStats(statsUrl: string): Promise<Map<string, { total: number; status: string }>> {
  const csv = await (await fetch(`${statsUrl}/stats;csv`)).text();
  const lines = csv.split('\n');
  const header = (lines[0] ?? '').replace(/^# /, '').split(',');
  const column = (name: string) => header.indexOf(name);
  const servers = new Map<string, { total: number; status: string }>();
  for (const line of lines.slice(1)) {
    const cells = line.split(',');
    if (cells[column('pxname')] !== 'stores' || !cells[column('svname')]?.startsWith('store')) continue;
    servers.set(cells[column('svname')] ?? '', {
      total: Number(cells[column('stot')]),
      status: cells[column('status')] ?? '',
    });
  }
  return servers;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** HAProxy (`haproxy -f cfg -db`) in front of the given stores, once every one of them is UP. */
export async function startHaproxy(instances: string[], binary = 'haproxy'): Promise<Balancer> {
  const [port, statsPort] = [await freePort(), await freePort()];
  const dir = mkdtempSync(path.join(tmpdir(), 'torque-bench-haproxy-'));
  const file = path.join(dir, 'haproxy.cfg');
  writeFileSync(file, haproxyConfig(port, statsPort, instances));
  const child: ChildProcess = spawn(binary, ['-f', file, '-db'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const statsUrl = `http://127.0.0.1:${statsPort}`;
  const names = instances.map((_, index) => `store${index + 1}`);
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (let waited = 0; ; waited += 100) {
      if (child.exitCode !== null) throw new Error(`haproxy exited with ${child.exitCode}`);
      const stats = await serverStats(statsUrl).catch(() => undefined);
      if (stats && names.every((name) => stats.get(name)?.status === 'UP')) break;
      if (waited > 15_000) throw new Error('haproxy: not every store came UP within 15 s');
      await sleep(100);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    async requestsPerInstance() {
      const stats = await serverStats(statsUrl);
      return names.map((name) => stats.get(name)?.total ?? 0);
    },
    stop,
  };
}
