// The web app's import aliases: `@web/…` is src/web, `@contract/…` is src/contract. Read by
// vite.config.ts (the build and `npm run dev`) and vitest.config.ts (the web tests); tsconfig.json's
// `paths` say the same to the type checker. Only src/web uses them: the server and src/contract
// import relatively, so esbuild and tsx need none.
import { fileURLToPath } from 'node:url';

const at = (folder) => fileURLToPath(new URL(`../${folder}/`, import.meta.url));

export const webAliases = [
  { find: /^@web\//, replacement: at('src/web') },
  { find: /^@contract\//, replacement: at('src/contract') },
];
