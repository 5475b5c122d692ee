import type { StoreSettings } from '../../../contract/settings';
import type { Db } from '../../kernel/db';
import type { ModuleDescriptor } from '../../kernel/jobs';
import type { Outbox } from '../../kernel/outbox';
import { type ImageFetcher, runImports, type SupplierRowWriter } from './import-job';
import { queueLowStockDigest } from './low-stock';

/**
 * The catalog: products and everything they are found by, their changes, bulk changes and
 * imports and the owner's search words. Its jobs apply the
 * imports the owner started (a few seconds of work per run, resumed by the next) and queue the
 * daily low-stock digest.
 */
export const catalogModule: ModuleDescriptor<{
  db: Db;
  outbox: Outbox;
  settings: { current(): StoreSettings };
  fetchImage: ImageFetcher;
  /** What a supplier's file says it sells (the purchasing module's writer, handed in by the app). */
  writeSupplierRow: SupplierRowWriter;
  log: { info(details: object, message: string): void };
}> = {
  name: 'modules/catalog',
  tables: [
    'products',
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
  ],
  // Every word of names, brands, descriptions and categories (decision 046).
  tablesKeptByTriggers: ['search_words'],
  // Who changed a product; the vehicles a search names; and, up the ladder (decision 089), whether a
  // product was ever ordered and what is bought with it.
  reads: ['order_lines', 'orders', 'user', 'vehicles'],
  jobs: ({ db, outbox, settings, fetchImage, writeSupplierRow, log }) => [
    {
      name: 'catalog-imports',
      // As long as one run's budget: an import goes on without a gap, and an idle store asks
      // whether one is waiting every 5 s per instance, not every second (decision 094).
      everyMs: 5000,
      run: async () => {
        const rows = await runImports(db, { budgetMs: 5000, fetchImage, writeSupplierRow });
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

export { type AvailabilityUpdates, createAnswerCache, defaultAnswerCacheOptions } from './answer-cache';
export { applyBulkChange, lastBulkChange, previewBulkChange, undoBulkChange } from './bulk.service';
export { answersByAddress, replyWith } from './cached-reply';
export {
  addProduct,
  deleteProduct,
  getProduct,
  getProductDetails,
  listTools,
  updateProduct,
} from './catalog.service';
export { AVAILABILITY_TABLES, CATALOG_TABLES, catalogAnswers, catalogAvailability } from './catalog-answers';
export { exportCatalog } from './catalog-export';
export {
  cancelImport,
  checkImport,
  importRows,
  importSummary,
  listImports,
  startImport,
} from './catalog-import.service';
export { listCategories } from './catalog-query';
export { listingFit, takeVehicleOutOfFitment } from './fitment-claims';
export type { SupplierRowWriter } from './import-job';
export { lowStockAt, lowStockProducts } from './low-stock';
export { writePartsData } from './parts-data';
export { averageCostIn } from './product-cost';
export { addFitmentRange, listProducts } from './product-list';
export { productHistory, readProductRecord } from './product-record';
export { createSynonym, listSynonyms, removeSynonym, updateSynonym } from './synonyms.service';
export {
  createBrand,
  createCategory,
  orderBrands,
  orderCategories,
  removeBrand,
  removeCategory,
  updateBrand,
  updateCategory,
} from './taxonomy.service';
