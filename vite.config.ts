import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/vite-precompress.mjs';
import { webAliases } from './scripts/web-aliases.mjs';

// The web app lives in src/web and builds to dist/web, which the Fastify server serves.
// In development Vite serves it and passes /api to the server (npm run dev).
export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), precompress()],
  resolve: {
    // zod without `new Function` under the strict CSP: src/web/lib/zod-jitless.ts says why.
    alias: [
      { find: /^zod$/, replacement: fileURLToPath(new URL('src/web/lib/zod-jitless.ts', import.meta.url)) },
      ...webAliases,
    ],
  },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    assetsDir: 'assets',
    // Which files each page's code is in: the server names them in the page's preload hints.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports in one chunk beside it, instead of one small chunk per
          // set of pages sharing a module: on a phone's network each file is a round trip.
          groups: [{ name: 'app', tags: ['$initial'] }],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://localhost:${process.env.PORT ?? 3000}` },
  },
});
