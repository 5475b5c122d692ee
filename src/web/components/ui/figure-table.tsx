import { formatCents } from '@contract/money';
import { formatNumber } from '@web/lib/format';
import { type ReactNode, useId } from 'react';
import { type Column, DataTable, type DataTableProps } from './data-table';

/**
 * A report's table of figures under its own heading: the store's one table layout (DataTable),
 * named by the heading, and the words a reader sees instead when the period has no rows. Without
 * `empty`, a table with no rows is left out altogether.
 */
export function FigureTable<Row>({
  title,
  empty,
  note,
  ...table
}: Omit<DataTableProps<Row>, 'label'> & {
  title: string;
  empty?: string;
  /** A line under the heading saying what the table counts. */
  note?: ReactNode;
}) {
  const id = useId();
  if (table.rows.length === 0 && empty === undefined) return null;
  return (
    <section aria-labelledby={id} className="space-y-2">
      <h3 id={id} className="text-lg font-semibold">
        {title}
      </h3>
      {note ? <p className="text-sm text-base-content/70">{note}</p> : null}
      {table.rows.length === 0 ? (
        <p className="text-base-content/70">{empty}</p>
      ) : (
        <DataTable label={title} {...table} />
      )}
    </section>
  );
}

/**
 * Columns of figures for rows of one type: `cents` for money in whole cents shown as dollars,
 * `count` for units, orders and refunds. Named by the row type once, so each cell is typed.
 */
export function figureColumns<Row>() {
  return {
    cents: (header: string, cents: (row: Row) => number): Column<Row> => ({
      header,
      className: 'tabular-nums',
      cell: (row) => formatCents(cents(row)),
    }),
    count: (header: string, count: (row: Row) => number): Column<Row> => ({
      header,
      className: 'tabular-nums',
      cell: (row) => formatNumber(count(row)),
    }),
  };
}

/** A report's help: what each figure means and which date it belongs to, folded until opened. */
export function FigureDefinitions({
  definitions,
}: {
  definitions: readonly { term: string; means: string }[];
}) {
  return (
    <details className="rounded-box bg-base-200 p-3">
      <summary className="cursor-pointer font-medium">What each figure means, and its date</summary>
      <dl className="mt-2 space-y-2">
        {definitions.map((d) => (
          <div key={d.term}>
            <dt className="font-medium">{d.term}</dt>
            <dd className="text-sm">{d.means}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
