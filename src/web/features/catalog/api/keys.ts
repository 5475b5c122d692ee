import { adminRoot } from '@web/lib/query-keys';

/** What staff read of the catalog (under the staff root, so any staff change refreshes it). */
export const catalogAdminKeys = {
  product: (id: string) => [...adminRoot, 'product', id] as const,
  productHistory: (id: string) => [...adminRoot, 'product', id, 'history'] as const,
  products: (filter: unknown) => [...adminRoot, 'products', filter] as const,
  stock: (id: string) => [...adminRoot, 'stock', id] as const,
  bulkLast: [...adminRoot, 'bulk', 'last'] as const,
  imports: [...adminRoot, 'imports'] as const,
  import: (id: string | undefined) => [...adminRoot, 'imports', id] as const,
  importRows: (id: string | undefined, page: number, verdict: unknown, status: unknown) =>
    [...adminRoot, 'imports', id, 'rows', page, verdict, status] as const,
  importSuppliers: [...adminRoot, 'import-suppliers'] as const,
  synonyms: [...adminRoot, 'synonyms'] as const,
};
