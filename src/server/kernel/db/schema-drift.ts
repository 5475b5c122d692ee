import { is, type SQL, sql } from 'drizzle-orm';
import { getTableConfig, IndexedColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './database';
import { rowsOf } from './rows';

/**
 * The drizzle schema and the hand-written migrations in drizzle/ must describe the same database
 * (docs/decisions/068). `declaredShape` reads what the schema objects declare, `migratedShape`
 * what a migrated database holds, both in one plain shape, so a test compares them and names each
 * difference: a column added to the schema without its migration, an index left out, a type or a
 * NOT NULL that differ.
 */
export interface ColumnShape {
  type: string;
  notNull: boolean;
}
export interface IndexShape {
  unique: boolean;
  /** Column names in order; null for an expression. */
  columns: Array<string | null>;
}
export interface TableShape {
  columns: Record<string, ColumnShape>;
  /** Indexes declared with index()/uniqueIndex(), not those behind a key or a unique constraint. */
  indexes: Record<string, IndexShape>;
  primaryKey: string[];
  /** Names of the unique, check and foreign-key constraints. */
  constraints: string[];
}
export type SchemaShape = Record<string, TableShape>;

/** Drizzle's SQL type names as PostgreSQL's format_type() spells them. */
function canonicalType(type: string): string {
  const t = type.trim().toLowerCase();
  const simple: Record<string, string> = {
    serial: 'integer',
    bigserial: 'bigint',
    smallserial: 'smallint',
    timestamp: 'timestamp without time zone',
    time: 'time without time zone',
    varchar: 'character varying',
    char: 'character',
  };
  if (simple[t]) return simple[t];
  return t
    .replace(/^varchar\(/, 'character varying(')
    .replace(/^char\(/, 'character(')
    .replace(/^timestamp\((\d+)\)$/, 'timestamp($1) without time zone')
    .replace(/\s*,\s*/g, ',');
}

const sortedKeys = <T>(record: Record<string, T>): Record<string, T> =>
  Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));

/** What the drizzle tables among `objects` (a schema module's exports) declare. */
export function declaredShape(objects: Record<string, unknown>): SchemaShape {
  const shape: SchemaShape = {};
  for (const table of Object.values(objects)) {
    if (!is(table, PgTable)) continue;
    const config = getTableConfig(table);
    const columns: Record<string, ColumnShape> = {};
    const constraints: string[] = [];
    let primaryKey: string[] = [];
    for (const column of config.columns) {
      columns[column.name] = { type: canonicalType(column.getSQLType()), notNull: column.notNull };
      if (column.primary) primaryKey = [column.name];
      if (column.isUnique) constraints.push(column.uniqueName ?? `${config.name}_${column.name}_unique`);
    }
    for (const key of config.primaryKeys) primaryKey = key.columns.map((c) => c.name ?? '');
    for (const unique of config.uniqueConstraints) constraints.push(unique.getName() ?? '');
    for (const check of config.checks) constraints.push(check.name);
    for (const foreignKey of config.foreignKeys) constraints.push(foreignKey.getName());
    const indexes: Record<string, IndexShape> = {};
    for (const index of config.indexes) {
      const { name, unique, columns: on } = index.config;
      indexes[name ?? ''] = {
        unique,
        columns: on.map((c) => (is(c, IndexedColumn) ? (c.name ?? null) : null)),
      };
    }
    shape[config.name] = {
      columns: sortedKeys(columns),
      indexes: sortedKeys(indexes),
      primaryKey,
      constraints: constraints.sort(),
    };
  }
  return sortedKeys(shape);
}

interface ColumnRow {
  table_name: string;
  column_name: string;
  type: string;
  not_null: boolean;
}
interface IndexRow {
  table_name: string;
  index_name: string;
  unique: boolean;
  primary: boolean;
  constraint_backed: boolean;
  columns: Array<string | null> | string;
}
interface ConstraintRow {
  table_name: string;
  name: string;
}

const query = async <T>(db: Db, statement: SQL) => rowsOf<T>(await db.execute(statement));

/** Postgres arrays come back parsed from node-postgres and as text ("{a,NULL}") from some paths. */
const arrayOf = (value: Array<string | null> | string): Array<string | null> =>
  Array.isArray(value)
    ? value
    : value
        .replace(/^\{|\}$/g, '')
        .split(',')
        .filter((s) => s !== '')
        .map((s) => (s === 'NULL' ? null : s.replace(/^"|"$/g, '')));

/** What the tables of the `public` schema of a migrated database hold (migration bookkeeping aside). */
export async function migratedShape(db: Db): Promise<SchemaShape> {
  const [columns, indexes, constraints] = await Promise.all([
    query<ColumnRow>(
      db,
      sql`select c.relname as table_name, a.attname as column_name,
            format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as not_null
          from pg_attribute a
          join pg_class c on c.oid = a.attrelid
          join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped`,
    ),
    query<IndexRow>(
      db,
      sql`select t.relname as table_name, i.relname as index_name, x.indisunique as "unique",
            x.indisprimary as "primary",
            exists (select 1 from pg_constraint k where k.conindid = x.indexrelid and k.conrelid = t.oid) as constraint_backed,
            array(
              select a.attname from unnest(x.indkey) with ordinality as k(attnum, ord)
              left join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum and k.attnum > 0
              order by k.ord
            ) as columns
          from pg_index x
          join pg_class i on i.oid = x.indexrelid
          join pg_class t on t.oid = x.indrelid
          join pg_namespace n on n.oid = t.relnamespace
          where n.nspname = 'public' and t.relkind in ('r', 'p')`,
    ),
    query<ConstraintRow>(
      db,
      sql`select t.relname as table_name, k.conname as name
          from pg_constraint k
          join pg_class t on t.oid = k.conrelid
          join pg_namespace n on n.oid = t.relnamespace
          where n.nspname = 'public' and k.contype in ('u', 'c', 'f')`,
    ),
  ]);
  const shape: SchemaShape = {};
  const tableOf = (name: string) => {
    shape[name] ??= { columns: {}, indexes: {}, primaryKey: [], constraints: [] };
    return shape[name];
  };
  for (const c of columns)
    tableOf(c.table_name).columns[c.column_name] = { type: c.type, notNull: c.not_null };
  for (const i of indexes) {
    const table = tableOf(i.table_name);
    if (i.primary) table.primaryKey = arrayOf(i.columns).map(String);
    else if (!i.constraint_backed)
      table.indexes[i.index_name] = { unique: i.unique, columns: arrayOf(i.columns) };
  }
  for (const k of constraints) tableOf(k.table_name).constraints.push(k.name);
  for (const [name, table] of Object.entries(shape)) {
    shape[name] = {
      columns: sortedKeys(table.columns),
      indexes: sortedKeys(table.indexes),
      primaryKey: table.primaryKey,
      constraints: table.constraints.sort(),
    };
  }
  return sortedKeys(shape);
}

/** A migrated shape without the parts kept only for the release before (`formerParts`). */
export function withoutFormerParts(
  shape: SchemaShape,
  former: Readonly<
    Record<
      string,
      { columns: readonly string[]; indexes?: readonly string[]; constraints?: readonly string[] }
    >
  >,
): SchemaShape {
  const out: SchemaShape = { ...shape };
  for (const [name, parts] of Object.entries(former)) {
    const table = shape[name];
    if (!table) continue;
    out[name] = {
      columns: Object.fromEntries(Object.entries(table.columns).filter(([c]) => !parts.columns.includes(c))),
      indexes: Object.fromEntries(
        Object.entries(table.indexes).filter(([i]) => !(parts.indexes ?? []).includes(i)),
      ),
      primaryKey: table.primaryKey,
      constraints: table.constraints.filter((k) => !(parts.constraints ?? []).includes(k)),
    };
  }
  return out;
}

/** Each way the two shapes differ, in words ("tools.colour: declared, not migrated"). */
export function shapeDifferences(declared: SchemaShape, migrated: SchemaShape): string[] {
  const out: string[] = [];
  const json = (v: unknown) => JSON.stringify(v);
  for (const name of new Set([...Object.keys(declared), ...Object.keys(migrated)])) {
    const d = declared[name];
    const m = migrated[name];
    if (!d || !m) {
      out.push(`table ${name}: ${d ? 'declared, not migrated' : 'migrated, not declared'}`);
      continue;
    }
    for (const column of new Set([...Object.keys(d.columns), ...Object.keys(m.columns)])) {
      const dc = d.columns[column];
      const mc = m.columns[column];
      if (!dc || !mc)
        out.push(`${name}.${column}: ${dc ? 'declared, not migrated' : 'migrated, not declared'}`);
      else if (json(dc) !== json(mc))
        out.push(`${name}.${column}: declared ${json(dc)}, migrated ${json(mc)}`);
    }
    for (const index of new Set([...Object.keys(d.indexes), ...Object.keys(m.indexes)])) {
      const di = d.indexes[index];
      const mi = m.indexes[index];
      if (!di || !mi)
        out.push(`index ${index} on ${name}: ${di ? 'declared, not migrated' : 'migrated, not declared'}`);
      else if (json(di) !== json(mi))
        out.push(`index ${index} on ${name}: declared ${json(di)}, migrated ${json(mi)}`);
    }
    if (json(d.primaryKey) !== json(m.primaryKey))
      out.push(`${name} primary key: declared ${json(d.primaryKey)}, migrated ${json(m.primaryKey)}`);
    for (const k of d.constraints)
      if (!m.constraints.includes(k)) out.push(`constraint ${k} on ${name}: not migrated`);
    for (const k of m.constraints)
      if (!d.constraints.includes(k)) out.push(`constraint ${k} on ${name}: not declared`);
  }
  return out;
}
