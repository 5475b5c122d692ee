/** One row of the printed table; empty cells stay empty. */
export interface Row {
  what: string;
  database: string;
  rate?: string;
  p50?: number;
  p99?: number;
  rawRate?: string;
  rawP50?: number;
  rawP99?: number;
  ratio?: string;
  note?: string;
}

const ms = (value: number | undefined) =>
  value === undefined || Number.isNaN(value) ? '' : value.toFixed(2);
export const perSecond = (value: number) => Math.round(value).toLocaleString('en-US');

/** The rows as one Markdown table. */
export function formatTable(rows: Row[]): string {
  const header = [
    'measurement',
    'database',
    'store /s',
    'p50 ms',
    'p99 ms',
    'raw node:http /s',
    'raw p50',
    'raw p99',
    'store/raw',
    'notes',
  ];
  const cells = rows.map((r) => [
    r.what,
    r.database,
    r.rate ?? '',
    ms(r.p50),
    ms(r.p99),
    r.rawRate ?? '',
    ms(r.rawP50),
    ms(r.rawP99),
    r.ratio ?? '',
    r.note ?? '',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] ?? '').length)));
  const line = (c: string[]) => `| ${c.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...cells.map(line)].join('\n');
}
