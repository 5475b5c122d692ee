// `npm run lighthouse`: Lighthouse, offline, with the local Chromium, on home, /tools, a product's
// page, /cart with lines in it and /checkout (bench/run/lighthouse.ts says how). Prints the four
// category scores, LCP, TBT and CLS per page: the median of `--runs=N` runs (default 3;
// Lighthouse's own advice for its variance), and the host's CPU benchmark index Lighthouse
// measured. Mobile settings by default (Lighthouse's own, with simulated throttling, CPU slowed
// 4x): the measure of record. `-- --desktop` for desktop; `-- --cpu-slowdown=2` for another CPU
// slowdown, as Lighthouse's throttling guide advises for a host slower than a high-end desktop
// (docs/performance.md); `-- --only=/tools,/cart` measures those pages alone; `-- --reports=DIR`
// keeps every run's full JSON report for its diagnostics. Needs a Chromium (CHROME_PATH or the usual paths). Exits 1 below a goal.
import { loadavg } from 'node:os';
import { CLS_GOAL, GOAL, measureLighthouse, missesGoal } from './run/lighthouse';

const option = (name: string) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const desktop = process.argv.includes('--desktop');
const runs = Math.max(1, Number(option('runs') ?? 3));
const cpuSlowdown = option('cpu-slowdown') === undefined ? undefined : Number(option('cpu-slowdown'));
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');

const loadBefore = load();
const rows = await measureLighthouse({
  runs,
  cpuSlowdown,
  desktop,
  reportDir: option('reports'),
  only: option('only')?.split(','),
  log: (line) => console.log(line),
});

for (const row of rows) {
  for (const [category, misses] of Object.entries(row.misses)) {
    console.log(`${row.page} ${category} ${row[category as keyof typeof row.misses]}: ${misses.join(', ')}`);
  }
}
console.log(
  `\nLighthouse ${desktop ? 'desktop' : 'mobile'} (simulated throttling, CPU slowed ${
    cpuSlowdown ?? (desktop ? 1 : 4)
  }x), median of ${runs} runs, goal ${GOAL} per category, CLS < ${CLS_GOAL}; load average ${loadBefore} before, ${load()} after`,
);
console.table(
  rows.map((row) => ({
    page: row.page,
    performance: row.performance,
    'performance (runs)': row.performanceRuns.join(' '),
    accessibility: row.accessibility,
    'best-practices': row['best-practices'],
    seo: row.seo,
    'LCP ms': row.lcpMs,
    'TBT ms': row.tbtMs,
    CLS: row.cls,
    'CPU index': row.cpuIndex,
  })),
);
process.exit(rows.some(missesGoal) ? 1 : 0);
