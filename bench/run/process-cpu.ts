// CPU time of processes this bench did not fork itself (HAProxy, PostgreSQL's backends), read from
// /proc: Linux only; elsewhere the figures stay empty.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type pg from 'pg';

/** Clock ticks per second of /proc's CPU times (100 on nearly every Linux). */
const ticksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** User and system CPU of one process so far, in microseconds; undefined when it cannot be read. */
export function processCpu(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: count the fields after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? (ticks / ticksPerSecond) * 1_000_000 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * CPU so far of each process answering queries on `database` (its client backends and parallel
 * workers), other than the one asking and those of `exclude`. Autovacuum is left out: it comes and
 * goes on its own schedule, most of all on a database seeded just before.
 */
export async function backendCpu(
  client: pg.Client,
  database: string,
  exclude: number[] = [],
): Promise<Map<number, number>> {
  const { rows } = await client.query<{ pid: number }>(
    `select pid from pg_stat_activity
      where datname = $1 and pid <> pg_backend_pid() and pid <> all($2::int[])
        and backend_type in ('client backend', 'parallel worker')`,
    [database, exclude],
  );
  const cpu = new Map<number, number>();
  for (const { pid } of rows) {
    const used = processCpu(pid);
    if (used !== undefined) cpu.set(pid, used);
  }
  return cpu;
}

/**
 * What the backends spent between two readings: a backend that connected in between counts from
 * its start, one that disconnected in between is lost (the pools keep theirs open under load).
 */
export function backendCpuSpent(before: Map<number, number>, after: Map<number, number>): number {
  let spent = 0;
  for (const [pid, used] of after) spent += used - (before.get(pid) ?? 0);
  return spent;
}
