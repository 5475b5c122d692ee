import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type PgliteDatabase, pgliteDatabaseOn } from '../kernel/db/database';

/**
 * Test databases on PGlite, reused within a worker. Starting a PGlite from the migrated dump
 * costs one to two CPU-seconds (the WebAssembly PostgreSQL boots and unpacks its data); a test
 * file asks for one or more, and a run has a hundred files. Emptying a used one back to the
 * migrated state costs a few milliseconds. So a closed test database goes back to this worker's
 * idle list, and the next file gets it reset: every table truncated, the rows the migrations
 * wrote put back, every sequence where the migrations left it. Files still never see each
 * other's data; a worker runs one file at a time.
 */
const idle: PGlite[] = [];
let resetScript: string | undefined;

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
const quoteLiteral = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** SQL that brings a used database back to the state of `client` as it is now (just migrated). */
async function scriptOfMigratedState(client: PGlite): Promise<string> {
  const { rows: tables } = await client.query<{ name: string }>(
    `select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  // The migrated rows go back as they were: no trigger derives rows from them a second time.
  const lines = [
    'set session_replication_role = replica;',
    `truncate ${tables.map((t) => `public.${quoteIdent(t.name)}`).join(', ')} restart identity cascade;`,
  ];
  for (const { name } of tables) {
    const table = `public.${quoteIdent(name)}`;
    const { rows } = await client.query<{ rows: string | null }>(
      `select json_agg(t)::text as rows from ${table} t`,
    );
    const json = rows[0]?.rows;
    if (!json) continue;
    // Generated columns are computed again; identity columns keep the migrated values.
    const { rows: columns } = await client.query<{ name: string }>(
      `select column_name as name from information_schema.columns
        where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' order by ordinal_position`,
      [name],
    );
    const list = columns.map((c) => quoteIdent(c.name)).join(', ');
    lines.push(
      `insert into ${table} (${list}) overriding system value select ${list} from json_populate_recordset(null::${table}, ${quoteLiteral(json)});`,
    );
  }
  const { rows: sequences } = await client.query<{ name: string; last: string | null; start: string }>(
    `select sequencename as name, last_value::text as last, start_value::text as start
       from pg_sequences where schemaname = 'public'`,
  );
  for (const s of sequences) {
    const sequence = quoteLiteral(`public.${quoteIdent(s.name)}`);
    lines.push(
      s.last === null
        ? `select setval(${sequence}, ${s.start}, false);`
        : `select setval(${sequence}, ${s.last}, true);`,
    );
  }
  lines.push('set session_replication_role = origin;', 'select pg_advisory_unlock_all();');
  return lines.join('\n');
}

/** A migrated, empty test database: a worker's idle PGlite reset, or a new one from the dump. */
export async function leaseTestPglite(dump: () => Blob): Promise<PgliteDatabase> {
  let client = idle.pop();
  if (client) {
    await client.exec(`reset all;\n${resetScript}`);
  } else {
    client = await PGlite.create({ extensions: { pg_trgm }, loadDataDir: dump() });
    resetScript ??= await scriptOfMigratedState(client);
  }
  const leased = client;
  let released = false;
  // Closed means closed for the test that held it: its app's next query fails as on a real
  // close (the readiness and server-error tests rely on that), while the client itself lives on.
  const handle = new Proxy(leased, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) =>
        released ? Promise.reject(new Error('PGlite is closed')) : value.apply(target, args);
    },
  });
  return pgliteDatabaseOn(handle, async () => {
    released = true;
    // A client that no longer answers (a test broke or ended its session) is not reused.
    if (leased.closed) return;
    const answers = await leased.query('select 1').then(
      () => true,
      () => false,
    );
    if (answers) idle.push(leased);
    else await leased.close();
  });
}
