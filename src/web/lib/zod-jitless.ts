/**
 * zod for the browser: the same library with its just-in-time parsers switched off. They are
 * built with `new Function`, which the store's Content-Security-Policy (no 'unsafe-eval')
 * forbids; zod would try, be refused (a console CSP report), and fall back anyway. vite.config.ts
 * points every `import 'zod'` of the web app here, so the switch is set before any schema runs.
 * The server keeps the faster parsers.
 */
import * as z from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
export { z };
export default z;
