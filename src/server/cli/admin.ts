import { pathToFileURL } from 'node:url';
import { loadConfig } from '../kernel/config';
import { openDatabase } from '../kernel/db';
import { makeOwner } from '../modules/accounts';

const USAGE = 'Usage: npm run admin -- promote <email>';

/**
 * `npm run admin -- promote <email>`: makes an existing account an owner, for the store's first
 * admin when ADMIN_EMAILS was not set at sign-up. Uses the same database settings as the store; on
 * PGlite, stop the store first (one process at a time).
 */
export async function runAdminCommand(
  argv: string[],
  env = process.env,
): Promise<{ code: number; message: string }> {
  const [command, email] = argv;
  if (command !== 'promote' || !email) return { code: 2, message: USAGE };
  const config = loadConfig(env);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    const { modifiedCount } = await makeOwner(database.db, email);
    return {
      code: 0,
      message: modifiedCount ? `${email} is now an admin (owner).` : `${email} was already an owner.`,
    };
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    return {
      code: 1,
      message: text === 'User was not found' ? `No account uses ${email}; sign up first.` : text,
    };
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runAdminCommand(process.argv.slice(2)).then(
    ({ code, message }) => {
      (code === 0 ? console.log : console.error)(message);
      process.exit(code);
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
