import type { ReactNode } from 'react';
import { TableScroll } from './table-scroll';

/**
 * One column of a data table. `header` names it (and, on a phone, labels each cell, where the
 * header row is hidden and every row becomes a card); a column without a header, such as a row's
 * buttons, has a header only screen readers read and no label on its cells.
 */
export interface Column<Row> {
  /** The column's heading; none for a column of actions. */
  header?: string;
  /** What screen readers call a column without a heading. */
  srHeader?: string;
  cell: (row: Row, index: number) => ReactNode;
  className?: string;
  /** The cell names its row (a row number): a row header rather than a data cell. */
  rowHeader?: boolean;
}

/**
 * A table of rows in the store's one layout: a box that scrolls sideways and takes the keyboard's
 * focus (named `label`), and on a phone (`cards`, the default) one card per row with each value
 * under its column's name.
 */
export interface DataTableProps<Row> {
  label: string;
  columns: Array<Column<Row>>;
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => string;
  /** Attributes of a row's `tr` the journeys find it by (`data-order-id`, `data-testid`). */
  rowProps?: (row: Row) => Record<`data-${string}`, string>;
  testId?: string;
  cards?: boolean;
  size?: 'sm';
  /** The rows of a `tfoot` (totals), written by the caller. */
  footer?: ReactNode;
}

export function DataTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  rowProps,
  testId,
  cards = true,
  size,
  footer,
}: DataTableProps<Row>) {
  const className = ['table', size === 'sm' ? 'table-sm' : '', cards ? 'table-cards' : '']
    .filter(Boolean)
    .join(' ');
  return (
    <TableScroll label={label}>
      <table className={className} data-testid={testId}>
        <thead>
          <tr>
            {columns.map((column, i) => (
              <th key={column.header ?? column.srHeader ?? i} scope="col">
                {column.header ?? <span className="sr-only">{column.srHeader ?? 'Actions'}</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={rowKey(row, index)} {...rowProps?.(row)}>
              {columns.map((column, i) =>
                column.rowHeader ? (
                  <th
                    key={column.header ?? i}
                    scope="row"
                    data-label={column.header}
                    className={column.className}
                  >
                    {column.cell(row, index)}
                  </th>
                ) : (
                  <td
                    key={column.header ?? column.srHeader ?? i}
                    data-label={column.header}
                    className={column.className}
                  >
                    {column.cell(row, index)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
        {footer ? <tfoot>{footer}</tfoot> : null}
      </table>
    </TableScroll>
  );
}
