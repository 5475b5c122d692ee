import type { Category } from '@contract/catalog';
import type {
  Brand,
  BrandChanges,
  BrandInput,
  CategoryChanges,
  CategoryInput,
  ProductChange,
  ProductList,
  ProductListQuery,
  ProductRecord,
  Removed,
} from '@contract/catalog-admin';
import type {
  BulkApplyInput,
  BulkChangeRecord,
  BulkPreview,
  BulkPreviewInput,
  BulkUndoAnswer,
} from '@contract/catalog-bulk';
import type { ImportKind, ImportMapping, ImportRows, ImportSummary } from '@contract/catalog-import';
import type { Synonym, SynonymInput } from '@contract/catalog-search';
import type { Supplier } from '@contract/purchasing';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest, sendFileBody } from '@web/lib/api-client';
import { adminRoot } from '@web/lib/query-keys';
import { brandKeys, productKeys } from '@web/shared/catalog/keys';
import { catalogAdminKeys } from './keys';

/**
 * The owner's catalog calls (admin, under /api/catalog). Everything is kept under 'admin' and every
 * change refreshes 'tools' too, so the store's pages show it at once.
 */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: productKeys.all }),
      queryClient.invalidateQueries({ queryKey: adminRoot }),
      queryClient.invalidateQueries({ queryKey: brandKeys.all }),
    ]);
}

const query = (params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  return search.toString();
};

export const useProductRecord = (id: string) =>
  useQuery({
    queryKey: catalogAdminKeys.product(id),
    queryFn: ({ signal }) => apiGet<ProductRecord>(`/catalog/products/${encodeURIComponent(id)}`, signal),
  });

export const useProductHistory = (id: string) =>
  useQuery({
    queryKey: catalogAdminKeys.productHistory(id),
    queryFn: ({ signal }) =>
      apiGet<ProductChange[]>(`/catalog/products/${encodeURIComponent(id)}/history`, signal),
  });

export const useProductList = (filter: ProductListQuery, enabled = true) =>
  useQuery({
    queryKey: catalogAdminKeys.products(filter),
    queryFn: ({ signal }) => apiGet<ProductList>(`/catalog/products?${query(filter)}`, signal),
    placeholderData: keepPreviousData,
    enabled,
  });

/** One mutation per call: `run` sends it, every success refreshes the catalog's lists. */
function useCall<I, O>(run: (input: I) => Promise<O>) {
  const refresh = useRefresh();
  return useMutation({ mutationFn: run, onSuccess: refresh });
}
const send = async <O>(path: string, method: string, body?: unknown) =>
  (await apiRequest<O>(path, { method, body })).data;

export const useCreateCategory = () =>
  useCall((input: Partial<CategoryInput> & { name: string }) =>
    send<Category>('/catalog/categories', 'POST', input),
  );
export const useUpdateCategory = () =>
  useCall(({ slug, changes }: { slug: string; changes: CategoryChanges }) =>
    send<Category>(`/catalog/categories/${encodeURIComponent(slug)}`, 'PATCH', changes),
  );
export const useOrderCategories = () =>
  useCall((slugs: string[]) => send<Category[]>('/catalog/categories/order', 'PUT', { slugs }));
export const useRemoveCategory = () =>
  useCall(({ slug, moveTo }: { slug: string; moveTo?: string }) =>
    send<Removed>(
      `/catalog/categories/${encodeURIComponent(slug)}${moveTo ? `?moveTo=${encodeURIComponent(moveTo)}` : ''}`,
      'DELETE',
    ),
  );

export const useCreateBrand = () =>
  useCall((input: Partial<BrandInput> & { name: string }) => send<Brand>('/catalog/brands', 'POST', input));
export const useUpdateBrand = () =>
  useCall(({ id, changes }: { id: number; changes: BrandChanges }) =>
    send<Brand>(`/catalog/brands/${id}`, 'PATCH', changes),
  );
export const useOrderBrands = () =>
  useCall((ids: number[]) => send<Brand[]>('/catalog/brands/order', 'PUT', { ids }));
export const useRemoveBrand = () =>
  useCall(({ id, moveTo }: { id: number; moveTo?: number }) =>
    send<Removed>(`/catalog/brands/${id}${moveTo ? `?moveTo=${moveTo}` : ''}`, 'DELETE'),
  );

export const previewBulk = (input: BulkPreviewInput) =>
  send<BulkPreview>('/catalog/bulk/preview', 'POST', input);
export const useApplyBulk = () =>
  useCall((input: BulkApplyInput) => send<BulkChangeRecord>('/catalog/bulk', 'POST', input));
export const useLastBulk = () =>
  useQuery({
    queryKey: catalogAdminKeys.bulkLast,
    queryFn: ({ signal }) => apiGet<BulkChangeRecord | null>('/catalog/bulk/last', signal),
  });
export const useUndoBulk = () =>
  useCall((id: string) => send<BulkUndoAnswer>(`/catalog/bulk/${encodeURIComponent(id)}/undo`, 'POST'));

/** Sends the file as the body (text/csv) for the dry run; a supplier's file is read through its mapping. */
export async function checkImportFile(
  kind: ImportKind,
  file: File,
  supplier?: string,
): Promise<ImportSummary> {
  return sendFileBody<ImportSummary>(
    `/api/catalog/imports?${query({ kind, name: file.name, supplier })}`,
    'POST',
    file,
    'text/csv',
    'The file could not be checked.',
  );
}

/** The suppliers whose files the import reads (managers and the owner), with their saved mappings. */
export const useImportSuppliers = () =>
  useQuery({
    queryKey: catalogAdminKeys.importSuppliers,
    queryFn: ({ signal }) => apiGet<Supplier[]>('/suppliers', signal),
  });

/** Keeps how a supplier's file headers read as the store's columns; the list shows it at once. */
export function useSaveImportMapping() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, mapping }: { id: string; mapping: ImportMapping }) =>
      send<Supplier>(`/suppliers/${encodeURIComponent(id)}/import-mapping`, 'PUT', { mapping }),
    onSuccess: (saved) =>
      queryClient.setQueryData<Supplier[]>(catalogAdminKeys.importSuppliers, (list) =>
        list?.map((s) => (s.id === saved.id ? saved : s)),
      ),
  });
}

const unfinished = (status: ImportSummary['status']) => status === 'queued' || status === 'running';

export const useImports = () =>
  useQuery({
    queryKey: catalogAdminKeys.imports,
    queryFn: ({ signal }) => apiGet<{ imports: ImportSummary[] }>('/catalog/imports', signal),
  });

/** An import's summary, asked again every second while its job runs (the progress bar). */
export const useImport = (id: string | undefined) =>
  useQuery({
    queryKey: catalogAdminKeys.import(id),
    queryFn: ({ signal }) =>
      apiGet<ImportSummary>(`/catalog/imports/${encodeURIComponent(id ?? '')}`, signal),
    enabled: Boolean(id),
    refetchInterval: (q) => (q.state.data && unfinished(q.state.data.status) ? 1000 : false),
  });

/** An import's rows; asked again when the import's status moves (the outcomes arrive as it runs). */
export const useImportRows = (
  id: string | undefined,
  page: number,
  verdict: string | undefined,
  status: string | undefined,
) =>
  useQuery({
    queryKey: catalogAdminKeys.importRows(id, page, verdict, status),
    queryFn: ({ signal }) =>
      apiGet<ImportRows>(
        `/catalog/imports/${encodeURIComponent(id ?? '')}/rows?${query({ page, limit: 100, verdict })}`,
        signal,
      ),
    enabled: Boolean(id),
    placeholderData: keepPreviousData,
  });

export const useStartImport = () =>
  useCall((id: string) => send<ImportSummary>(`/catalog/imports/${encodeURIComponent(id)}/start`, 'POST'));
export const useCancelImport = () =>
  useCall((id: string) => send<ImportSummary>(`/catalog/imports/${encodeURIComponent(id)}/cancel`, 'POST'));

export const useSynonyms = () =>
  useQuery({
    queryKey: catalogAdminKeys.synonyms,
    queryFn: ({ signal }) => apiGet<{ synonyms: Synonym[] }>('/catalog/synonyms', signal),
  });
export const useCreateSynonym = () =>
  useCall((input: SynonymInput) => send<Synonym>('/catalog/synonyms', 'POST', input));
export const useUpdateSynonym = () =>
  useCall(({ id, input }: { id: number; input: SynonymInput }) =>
    send<Synonym>(`/catalog/synonyms/${id}`, 'PUT', input),
  );
export const useRemoveSynonym = () =>
  useCall((id: number) => send<undefined>(`/catalog/synonyms/${id}`, 'DELETE'));
