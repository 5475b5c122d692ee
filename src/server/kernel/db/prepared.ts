import { createHash } from 'node:crypto';
import {
  type AnyColumn,
  Column,
  eq,
  getTableColumns,
  is,
  Param,
  Placeholder,
  type Query,
  SQL,
  sql,
  type Table,
} from 'drizzle-orm';
import type { AnyPgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './database';
import { rowsOf } from './rows';

/**
 * Statements of the busiest paths (a purchase, a cart, the counters of the limits), built by
 * drizzle once per process and sent to PostgreSQL by name (docs/decisions/071).
 *
 * drizzle builds a query's text again on every call: for a table as wide as `orders` that took
 * longer than node-postgres's whole round trip, and over a purchase it was the store's biggest
 * cost. drizzle's own `prepare()` keeps the text, but binds the statement to the connection pool,
 * outside any transaction (drizzle-orm issue 613), and the purchase's statements run inside
 * transactions. A statement here keeps the text and its parameters (`sql.placeholder(name)` where
 * values go) and runs on whichever handle it is given, the database or a transaction, through
 * that handle's session. On PostgreSQL the name makes each pooled connection parse and plan it
 * once; PGlite runs it as any other statement.
 *
 * The text lists its columns, as drizzle writes them (never `*`): a column added by a later
 * migration does not change what a statement prepared before it answers.
 */
export type PreparedStatement<Values, Row> = (handle: Db | Tx, values: Values) => Promise<Row[]>;

/**
 * `label` says what the statement is where PostgreSQL lists it (pg_prepared_statements); the name
 * it is sent under ends in a hash of its text, so two statements never share a name.
 */
export function preparedStatement<Values extends object, Row = Record<string, unknown>>(
  label: string,
  /** The statement, a drizzle query or an `sql` template, with `sql.placeholder(key)` for each key of `Values`. */
  build: (db: Db) => { toSQL(): Query } | SQL,
  /** Turns a row as the database sent it (keyed by column name) into the caller's shape. */
  mapRow: (raw: Record<string, unknown>) => Row = (raw) => raw as Row,
): PreparedStatement<Values, Row> {
  let prepared:
    | { sql: string; name: string; params: ((values: Record<string, unknown>) => unknown)[] }
    | undefined;
  return async (handle, values) => {
    if (!prepared) {
      const built = build(handle as Db);
      const query = built instanceof SQL ? handle.execute(built).getQuery() : built.toSQL();
      const hash = createHash('sha256').update(query.sql).digest('hex').slice(0, 16);
      // PostgreSQL keeps 63 bytes of a name: the hash must survive.
      const name = `${label.replace(/\W+/g, '_').slice(0, 40)}_${hash}`;
      prepared = { sql: query.sql, name, params: query.params.map(filler) };
    }
    const { sql: text, name, params } = prepared;
    const given = values as Record<string, unknown>;
    const result = await handle._.session
      .prepareQuery({ sql: text, params: params.map((param) => param(given)) }, undefined, name, false)
      .execute();
    return rowsOf<Record<string, unknown>>(result).map(mapRow);
  };
}

/**
 * How one parameter gets its value, worked out once: a constant as drizzle built it, or a
 * placeholder's value, encoded as its column stores it where it stands for a column's value.
 * drizzle's own filling hands a null to the column's encoder, which fails for dates; a null is
 * sent as it is, as drizzle does when it builds.
 */
function filler(param: unknown): (values: Record<string, unknown>) => unknown {
  const wrapped = is(param, Param) && is(param.value, Placeholder) ? param : undefined;
  const placeholder = wrapped ? (wrapped.value as Placeholder) : is(param, Placeholder) ? param : undefined;
  if (!placeholder) return () => param;
  const key = placeholder.name;
  const encoder = wrapped?.encoder;
  return (values) => {
    if (!(key in values)) throw new Error(`No value for ${key}`);
    const value = values[key];
    if (value === null || value === undefined) return null;
    return encoder ? encoder.mapToDriverValue(value) : value;
  };
}

/** The decoding of a column whose driver value is its value. */
const asSent = Column.prototype.mapFromDriverValue;

/**
 * A whole row of `table` from a row as the database sent it, each column decoded as drizzle's own
 * queries decode it (dates, JSON, numbers kept as text, statuses stored in other words).
 */
export function tableRow<T extends Table>(table: T): (raw: Record<string, unknown>) => T['$inferSelect'] {
  return selectedRow<T['$inferSelect']>(getTableColumns(table));
}

/**
 * The same for a selection of columns (`{ key: column }`, as drizzle's `select` takes it), from
 * tables whose selected columns have different names.
 */
export function selectedRow<Row>(
  selection: Record<string, AnyColumn>,
): (raw: Record<string, unknown>) => Row {
  const columns = Object.entries(selection).map(([key, column]) => {
    // Most columns (text, integers, booleans) come from the driver as they are kept: no call.
    const decode = column.mapFromDriverValue === asSent ? undefined : column.mapFromDriverValue.bind(column);
    return [key, column.name, decode] as const;
  });
  return (raw) => {
    const row: Record<string, unknown> = {};
    for (const [key, name, decode] of columns) {
      const value = raw[name];
      row[key] = value === null || value === undefined ? null : decode ? decode(value) : value;
    }
    return row as Row;
  };
}

/** One statement per set of columns given: a row's missing columns take their defaults in the database. */
function perColumnSet<Values extends Record<string, unknown>, Row>(
  make: (columns: string[]) => PreparedStatement<Values, Row>,
): (handle: Db | Tx, values: Values, columnsOf: Record<string, unknown>) => Promise<Row[]> {
  const statements = new Map<string, PreparedStatement<Values, Row>>();
  return (handle, values, columnsOf) => {
    const columns = Object.keys(columnsOf)
      .filter((column) => columnsOf[column] !== undefined)
      .sort();
    const key = columns.join(',');
    let statement = statements.get(key);
    if (!statement) {
      statement = make(columns);
      statements.set(key, statement);
    }
    return statement(handle, values);
  };
}

const placeholders = (columns: string[]) =>
  Object.fromEntries(columns.map((column) => [column, sql.placeholder(column)]));

/**
 * Inserts one row into `table` and answers it as stored, a prepared statement per set of columns
 * given. `ifNew`: a row that conflicts with one already there is not inserted (and none answered).
 */
export function insertRow<T extends PgTable>(table: T, label: string, { ifNew = false } = {}) {
  const run = perColumnSet<Record<string, unknown>, T['$inferSelect']>((columns) =>
    preparedStatement(
      `${label} ${columns.join(' ')}`,
      (db) => {
        const insert = db.insert(table).values(placeholders(columns) as T['$inferInsert']);
        return (ifNew ? insert.onConflictDoNothing() : insert).returning();
      },
      tableRow(table),
    ),
  );
  return async (handle: Db | Tx, values: T['$inferInsert']): Promise<T['$inferSelect'] | undefined> =>
    (await run(handle, values, values))[0];
}

/**
 * Changes the row of `table` whose `key` column is `id` and answers it as it now is, a prepared
 * statement per set of columns changed.
 */
export function updateRow<T extends PgTable>(table: T, key: AnyPgColumn, label: string) {
  const run = perColumnSet<Record<string, unknown>, T['$inferSelect']>((columns) =>
    preparedStatement(
      `${label} ${columns.join(' ')}`,
      (db) =>
        db
          .update(table)
          .set(placeholders(columns) as PgUpdateSetSource<T>)
          .where(eq(key, sql.placeholder('$key')))
          .returning(),
      tableRow(table),
    ),
  );
  return async (
    handle: Db | Tx,
    id: unknown,
    changes: Partial<T['$inferInsert']>,
  ): Promise<T['$inferSelect'] | undefined> => (await run(handle, { ...changes, $key: id }, changes))[0];
}
