import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** One figure the store is held to, beside its limit. `met` undefined: measured, no limit set. */
export interface Goal {
  what: string;
  figure: string;
  limit: string;
  met: boolean | undefined;
}

/** A ratio goal (store against its baseline), from a ratio cell like `0.61x`. */
export function ratioGoal(what: string, ratio: string | undefined, atLeast: number): Goal {
  const value = Number.parseFloat(ratio ?? '');
  return {
    what,
    figure: Number.isNaN(value) ? 'not measured' : `${value.toFixed(2)}x`,
    limit: `at least ${atLeast.toFixed(2)}x`,
    met: Number.isNaN(value) ? false : value >= atLeast,
  };
}

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * bench/footprint.mjs in a child process (it clones and installs the committed tree unless
 * `here`): its rows of install size, idle memory and warm start, each with its limit.
 */
export function footprintGoals(options: { here: boolean; postgresUrl: string | undefined }): Goal[] {
  const args = [path.join(here, '..', 'footprint.mjs'), '--json'];
  if (options.here) args.push('--here');
  if (options.postgresUrl) args.push(`--postgres-url=${options.postgresUrl}`);
  else args.push('--no-postgres');
  const ran = spawnSync(process.execPath, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  const line = ran.stdout.split('\n').find((l) => l.startsWith('footprint-json: '));
  if (ran.status !== 0 || !line)
    return [{ what: 'footprint', figure: `failed (exit ${ran.status})`, limit: '', met: false }];
  const rows = JSON.parse(line.slice('footprint-json: '.length)) as Array<{
    what: string;
    value: number;
    limit: number;
    unit: string;
    met: boolean;
  }>;
  return rows.map((r) => ({
    what: r.what,
    figure: `${r.unit === 'MB' ? r.value.toFixed(1) : r.value.toFixed(0)} ${r.unit}`,
    limit: `under ${r.limit} ${r.unit}`,
    met: r.met,
  }));
}

/** The goals as one Markdown table. */
export function formatGoals(goals: Goal[]): string {
  const header = ['goal', 'figure', 'limit', 'met'];
  const cells = goals.map((g) => [
    g.what,
    g.figure,
    g.limit,
    g.met === undefined ? '' : g.met ? 'yes' : 'NO',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] ?? '').length)));
  const line = (c: string[]) => `| ${c.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...cells.map(line)].join('\n');
}
