import type { Alias } from 'vite';

/** `@web/…` and `@contract/…` (see web-aliases.mjs). */
export const webAliases: Alias[];
