// `npm run admin -- promote <email>`: the operator's command (src/server/cli/admin.ts), run from
// its build in dist/server like the store itself, so it works in a pruned production install.
import { pathToFileURL } from 'node:url';
import { adminEntry, buildServer, canBuild, serverBuildStale } from './build-server.mjs';

if (canBuild() && serverBuildStale()) await buildServer();
const { runAdminCommand } = await import(pathToFileURL(adminEntry).href);
try {
  const { code, message } = await runAdminCommand(process.argv.slice(2));
  (code === 0 ? console.log : console.error)(message);
  process.exit(code);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
