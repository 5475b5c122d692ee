import type { Plugin } from 'vite';

/** Writes `.br` and `.gz` beside every text file of the build (see vite-precompress.mjs). */
export function precompress(): Plugin;
