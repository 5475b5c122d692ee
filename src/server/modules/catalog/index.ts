import type { StoreSettings } from '../../../contract/settings';
import type { Db } from '../../kernel/db/database';
import type { ModuleDescriptor } from '../../kernel/jobs/module-descriptor';
import type { Outbox } from '../../kernel/outbox/outbox';
import { type ImageFetcher, runImports } from './import-job';
import { queueLowStockDigest } from './low-stock';

/**
 * The catalog: products and everything they are found by, their changes, bulk changes and
 * imports, the owner's search words and the vehicles shipped with the store. Its jobs apply the
 * imports the owner started (a few seconds of work per run, resumed by the next) and queue the
 * daily low-stock digest.
 */
export const catalogModule: ModuleDescriptor<{
  db: Db;
  outbox: Outbox;
  settings: { current(): StoreSettings };
  fetchImage: ImageFetcher;
  log: { info(details: object, message: string): void };
}> = {
  name: 'modules/catalog',
  tables: [
    'tools',
    'categories',
    'brands',
    'part_numbers',
    'fitments',
    'product_images',
    'product_changes',
    'bulk_changes',
    'catalog_imports',
    'catalog_import_rows',
    'search_synonyms',
    'vehicles',
  ],
  // Every word of names, brands, descriptions and categories (decision 046).
  tablesKeptByTriggers: ['search_words'],
  jobs: ({ db, outbox, settings, fetchImage, log }) => [
    {
      name: 'catalog-imports',
      everyMs: 1000,
      run: async () => {
        const rows = await runImports(db, { budgetMs: 5000, fetchImage });
        if (rows > 0) log.info({ rows }, 'applied catalog import rows');
      },
    },
    {
      name: 'low-stock-digest',
      everyMs: 24 * 60 * 60 * 1000,
      run: () => queueLowStockDigest(db, outbox, settings.current().inventory.lowStockFactor),
    },
  ],
};
