import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Category } from '../../../contract/catalog';
import {
  Brand,
  BrandChanges,
  BrandInput,
  BrandOrder,
  CategoryChanges,
  CategoryInput,
  CategoryOrder,
  LowStockList,
  MoveProductsQuery,
  ProductChange,
  ProductList,
  ProductListQuery,
  ProductRecord,
  Removed,
} from '../../../contract/catalog-admin';
import {
  BulkApplyInput,
  BulkChangeRecord,
  BulkPreview,
  BulkPreviewInput,
  BulkUndoAnswer,
} from '../../../contract/catalog-bulk';
import {
  ExportParams,
  IMPORT_MAX_BYTES,
  ImportList,
  ImportQuery,
  ImportRows,
  ImportRowsQuery,
  ImportSummary,
} from '../../../contract/catalog-import';
import { Synonym, SynonymInput, SynonymList } from '../../../contract/catalog-search';
import { isUuid } from '../../../contract/ids';
import { may } from '../../../contract/roles';
import { AppError, notFound } from '../../kernel/errors';
import { errorResponses } from '../../kernel/http';
import { signedIn } from '../../kernel/identity';
import {
  applyBulkChange,
  cancelImport,
  checkImport,
  createBrand,
  createCategory,
  createSynonym,
  exportCatalog,
  importRows,
  importSummary,
  lastBulkChange,
  listImports,
  listProducts,
  listSynonyms,
  lowStockProducts,
  orderBrands,
  orderCategories,
  previewBulkChange,
  productHistory,
  readProductRecord,
  removeBrand,
  removeCategory,
  removeSynonym,
  startImport,
  undoBulkChange,
  updateBrand,
  updateCategory,
  updateSynonym,
} from '../../modules/catalog';
import { supplierForImport } from '../../modules/purchasing';

const IdParams = z.object({ id: z.string().max(100) });
const SlugParams = z.object({ slug: z.string().max(60) });
const NumberParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const tags = ['catalog-admin'];

/**
 * The owner's catalog (admin, under /api/catalog): every product whatever its status, its history,
 * categories and brands, bulk changes, imports and exports, search words, low stock.
 */
export const catalogAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  // The owner's low-stock default as in force now (Settings), read on each request.
  const factor = () => app.settings.current().inventory.lowStockFactor;
  const actor = (request: Parameters<typeof signedIn>[0]) => {
    const me = signedIn(request);
    return { id: me.id, name: me.name };
  };
  // The import's file arrives as the body, read as a stream by the dry run.
  app.addContentTypeParser(
    ['text/csv', 'text/plain', 'application/octet-stream'],
    (_request, payload, done) => done(null, payload),
  );

  app.get(
    '/catalog/products',
    {
      config: { access: 'products.read' },
      schema: {
        tags,
        summary:
          'Every product, drafts and archived included, by search and filter; the most recently changed first, or by name with sort=name (Manage Product)',
        querystring: ProductListQuery,
        response: { 200: ProductList, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listProducts(app.db, request.query, factor()),
  );

  app.get(
    '/catalog/products/:id',
    {
      config: { access: 'products.read' },
      schema: {
        tags,
        summary: 'Everything the product editor shows about one product (admin)',
        params: IdParams,
        response: { 200: ProductRecord, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      if (!isUuid(request.params.id)) throw notFound('Tool');
      return readProductRecord(app.db, request.params.id, factor());
    },
  );

  app.get(
    '/catalog/products/:id/history',
    {
      config: { access: 'products.read' },
      schema: {
        tags,
        summary: "A product's history: who changed what, when, before and after, newest first (admin)",
        params: IdParams,
        response: { 200: z.array(ProductChange), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      if (!isUuid(request.params.id)) throw notFound('Tool');
      await readProductRecord(app.db, request.params.id, factor());
      return productHistory(app.db, request.params.id);
    },
  );

  app.get(
    '/catalog/low-stock',
    {
      config: { access: 'products.read' },
      schema: {
        tags,
        summary: 'Live products at or under their low-stock threshold, fewest left first (admin)',
        response: { 200: LowStockList, ...errorResponses(401, 403) },
      },
    },
    async () => ({ products: await lowStockProducts(app.db, factor()) }),
  );

  app.post(
    '/catalog/categories',
    {
      config: { access: 'products.write' },
      schema: {
        tags,
        summary: 'Add a category, at the top level or under a top-level one (admin)',
        body: CategoryInput,
        response: { 201: Category, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => reply.status(201).send(await createCategory(app.db, request.body)),
  );

  app.patch(
    '/catalog/categories/:slug',
    {
      config: { access: 'products.write' },
      schema: {
        tags,
        summary: 'Rename a category, move it, change its picture or description (admin)',
        params: SlugParams,
        body: CategoryChanges,
        response: { 200: Category, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => updateCategory(app.db, request.params.slug, request.body),
  );

  app.put(
    '/catalog/categories/order',
    {
      config: { access: 'products.write' },
      schema: {
        tags,
        summary: 'Put the categories in this order (admin)',
        body: CategoryOrder,
        response: { 200: z.array(Category), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => orderCategories(app.db, request.body.slugs),
  );

  app.delete(
    '/catalog/categories/:slug',
    {
      config: { access: 'products.write' },
      schema: {
        tags,
        summary: 'Remove a category, moving its products to ?moveTo= first (admin)',
        params: SlugParams,
        querystring: MoveProductsQuery,
        response: { 200: Removed, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => removeCategory(app.db, request.params.slug, request.query.moveTo, actor(request)),
  );

  app.post(
    '/catalog/brands',
    {
      config: { access: 'products.write' },
      schema: {
        tags,
        summary: 'Add a brand (admin)',
        body: BrandInput,
        response: { 201: Brand, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => reply.status(201).send(await createBrand(app.db, request.body)),
  );

  app.patch(
    '/catalog/brands/:id',
    {
      config: { access: 'products.write' },
      schema: {
        tags,
        summary: 'Rename a brand (on every product of it), or change its picture or description (admin)',
        params: NumberParams,
        body: BrandChanges,
        response: { 200: Brand, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => updateBrand(app.db, request.params.id, request.body, actor(request)),
  );

  app.put(
    '/catalog/brands/order',
    {
      config: { access: 'products.write' },
      schema: {
        tags,
        summary: 'Put the brands in this order (admin)',
        body: BrandOrder,
        response: { 200: z.array(Brand), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => orderBrands(app.db, request.body.ids),
  );

  app.delete(
    '/catalog/brands/:id',
    {
      config: { access: 'products.write' },
      schema: {
        tags,
        summary: 'Remove a brand, moving its products to the brand ?moveTo= (an id) first (admin)',
        params: NumberParams,
        querystring: MoveProductsQuery,
        response: { 200: Removed, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const moveTo = request.query.moveTo === undefined ? undefined : Number(request.query.moveTo);
      if (moveTo !== undefined && !Number.isInteger(moveTo)) {
        throw new AppError('VALIDATION_FAILED', 'Choose another brand to move its products to', [
          { path: 'moveTo', message: 'Choose another brand to move its products to' },
        ]);
      }
      return removeBrand(app.db, request.params.id, moveTo, actor(request));
    },
  );

  app.post(
    '/catalog/bulk/preview',
    {
      config: { access: 'products.write' },
      schema: {
        tags,
        summary: 'What a bulk change would do: how many products, each one before and after (admin)',
        body: BulkPreviewInput,
        response: { 200: BulkPreview, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => previewBulkChange(app.db, request.body, factor()),
  );

  app.post(
    '/catalog/bulk',
    {
      config: { access: 'products.write' },
      schema: {
        tags,
        summary: 'Apply a bulk change to every selected product in one transaction (admin)',
        body: BulkApplyInput,
        response: { 201: BulkChangeRecord, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await applyBulkChange(app.db, request.body, actor(request), factor())),
  );

  app.get(
    '/catalog/bulk/last',
    {
      config: { access: 'products.read' },
      schema: {
        tags,
        summary: 'The latest bulk change (null when there was none), to offer its undo (admin)',
        response: { 200: BulkChangeRecord.nullable(), ...errorResponses(401, 403) },
      },
    },
    async () => lastBulkChange(app.db),
  );

  app.post(
    '/catalog/bulk/:id/undo',
    {
      config: { access: 'products.write' },
      schema: {
        tags,
        summary:
          'Undo the latest bulk change: each product back to its value before, unless changed since (admin)',
        params: IdParams,
        response: { 200: BulkUndoAnswer, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      if (!isUuid(request.params.id)) throw notFound('Bulk change');
      return undoBulkChange(app.db, request.params.id, actor(request));
    },
  );

  app.post(
    '/catalog/imports',
    {
      config: { access: 'products.write' },
      bodyLimit: IMPORT_MAX_BYTES,
      schema: {
        tags,
        summary:
          'Check a CSV file (the body, text/csv) as products or fitment: every row with its verdict, nothing written (admin)',
        querystring: ImportQuery,
        consumes: ['text/csv'],
        response: { 201: ImportSummary, ...errorResponses(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request, reply) => {
      const body = request.body as Readable | undefined;
      if (!body || typeof (body as { pipe?: unknown }).pipe !== 'function') {
        throw new AppError(
          'UNSUPPORTED_MEDIA_TYPE',
          'Send the file as the body, with Content-Type: text/csv',
        );
      }
      // Read as it arrives, up to IMPORT_MAX_BYTES (Fastify cannot count a body handed over unread).
      // A supplier's file is read through the mapping kept with the supplier, and writes what the
      // supplier sells: purchasing's to change as well as the catalog's.
      if (request.query.supplier && !may(signedIn(request).role, 'purchasing.write'))
        throw new AppError('FORBIDDEN', 'Your role may not change what suppliers sell');
      const supplier = request.query.supplier
        ? await supplierForImport(app.db, request.query.supplier)
        : undefined;
      const summary = await checkImport(
        app.db,
        request.query.kind,
        request.query.name ?? `${request.query.kind}.csv`,
        body,
        signedIn(request).id,
        supplier,
      );
      return reply.status(201).send(summary);
    },
  );

  app.get(
    '/catalog/imports',
    {
      config: { access: 'products.read' },
      schema: {
        tags,
        summary: 'The latest imports, newest first, with their progress (admin)',
        response: { 200: ImportList, ...errorResponses(401, 403) },
      },
    },
    async () => ({ imports: await listImports(app.db) }),
  );

  app.get(
    '/catalog/imports/:id',
    {
      config: { access: 'products.read' },
      schema: {
        tags,
        summary: "An import's dry-run counts, progress and outcome, from any instance (admin)",
        params: IdParams,
        response: { 200: ImportSummary, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      if (!isUuid(request.params.id)) throw notFound('Import');
      return importSummary(app.db, request.params.id);
    },
  );

  app.get(
    '/catalog/imports/:id/rows',
    {
      config: { access: 'products.read' },
      schema: {
        tags,
        summary: "An import's rows in file order, with each verdict, outcome and reason (admin)",
        params: IdParams,
        querystring: ImportRowsQuery,
        response: { 200: ImportRows, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      if (!isUuid(request.params.id)) throw notFound('Import');
      return importRows(app.db, request.params.id, request.query);
    },
  );

  app.post(
    '/catalog/imports/:id/start',
    {
      config: { access: 'products.write' },
      schema: {
        tags,
        summary: 'Apply a checked import: it is queued for the job, which any instance runs (admin)',
        params: IdParams,
        response: { 200: ImportSummary, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      if (!isUuid(request.params.id)) throw notFound('Import');
      return startImport(app.db, request.params.id);
    },
  );

  app.post(
    '/catalog/imports/:id/cancel',
    {
      config: { access: 'products.write' },
      schema: {
        tags,
        summary: 'Cancel an import before the job takes it up (admin)',
        params: IdParams,
        response: { 200: ImportSummary, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      if (!isUuid(request.params.id)) throw notFound('Import');
      return cancelImport(app.db, request.params.id);
    },
  );

  app.get(
    '/catalog/export/:kind',
    {
      config: { access: 'products.read' },
      schema: {
        tags,
        summary: 'The whole catalog as CSV in the import layout (products or fitment), streamed (admin)',
        params: ExportParams,
        querystring: z.object({
          /** Products: the place whose count and bin the file carries (its key or name); the first open place by default. */
          location: z.string().trim().min(1).max(80).optional(),
        }),
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const file = await exportCatalog(app.db, request.params.kind, request.query.location);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${request.params.kind}.csv"`)
        .header('cache-control', 'no-store')
        .send(file);
    },
  );

  app.get(
    '/catalog/synonyms',
    {
      config: { access: 'products.read' },
      schema: {
        tags,
        summary: 'The search words: what buyers type and what the store reads it as (admin)',
        response: { 200: SynonymList, ...errorResponses(401, 403) },
      },
    },
    async () => ({ synonyms: await listSynonyms(app.db) }),
  );

  app.post(
    '/catalog/synonyms',
    {
      config: { access: 'products.write' },
      schema: {
        tags,
        summary: 'Add a search word (admin)',
        body: SynonymInput,
        response: { 201: Synonym, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => reply.status(201).send(await createSynonym(app.db, request.body)),
  );

  app.put(
    '/catalog/synonyms/:id',
    {
      config: { access: 'products.write' },
      schema: {
        tags,
        summary: 'Change a search word (admin)',
        params: NumberParams,
        body: SynonymInput,
        response: { 200: Synonym, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => updateSynonym(app.db, request.params.id, request.body),
  );

  app.delete(
    '/catalog/synonyms/:id',
    {
      config: { access: 'products.write' },
      schema: {
        tags,
        summary: 'Remove a search word (admin)',
        params: NumberParams,
        response: { 204: z.void(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await removeSynonym(app.db, request.params.id);
      return reply.status(204).send();
    },
  );
};
