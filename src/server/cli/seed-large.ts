import { pathToFileURL } from 'node:url';
import { count } from 'drizzle-orm';
import { loadConfig } from '../kernel/config';
import { openDatabase, products } from '../kernel/db';
import { insertLargeCatalog, LARGE_CATALOG_SIZE } from './large-catalog';

const USAGE = 'Usage: npm run seed:large [-- --count <tools>]';

/**
 * `npm run seed:large`: fills the store's database (DATABASE_URL, or the PGlite in DATA_DIR, as
 * the server would open it) with 100,000 generated tools for trying the catalog at scale. A store
 * that already holds that many tools is left alone, so running it twice does not double it. On
 * PGlite, stop the store first (one process at a time).
 */
export async function runSeedLarge(
  argv: string[],
  env = process.env,
  log: (line: string) => void = console.log,
): Promise<{ code: number; message: string }> {
  let wanted = LARGE_CATALOG_SIZE;
  if (argv.length > 0) {
    const [flag, value] = argv;
    wanted = Number(value);
    if (flag !== '--count' || argv.length !== 2 || !Number.isInteger(wanted) || wanted < 1) {
      return { code: 2, message: USAGE };
    }
  }
  const config = loadConfig(env);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    const [existing] = await database.db.select({ n: count() }).from(products);
    if ((existing?.n ?? 0) >= wanted) {
      return { code: 0, message: `The store already has ${existing?.n} tools; nothing added.` };
    }
    const started = performance.now();
    const inserted = await insertLargeCatalog(database.db, wanted, undefined, (n) => {
      if (n % 20_000 === 0) log(`  ${n} tools...`);
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
    return { code: 0, message: `Added ${inserted} tools in ${seconds} s (${where}).` };
  } catch (error) {
    return { code: 1, message: error instanceof Error ? error.message : String(error) };
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runSeedLarge(process.argv.slice(2)).then(
    ({ code, message }) => {
      (code === 0 ? console.log : console.error)(message);
      process.exit(code);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
