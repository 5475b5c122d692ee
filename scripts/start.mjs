// `npm start`: build the web app if needed, then run the server in this same process (so
// SIGTERM from a process manager reaches it directly and it can stop cleanly).
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';
import { buildWebIfNeeded } from './build-web-if-needed.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
buildWebIfNeeded();
register();
await import(pathToFileURL(path.join(root, 'src/server/main.ts')).href);
