import type { NewToolInput, Tool, ToolChanges } from '@contract/catalog';
import type { ErrorEnvelope } from '@contract/errors';
import type { UploadAnswer } from '@contract/uploads';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@web/lib/api-client';
import { adminRoot } from '@web/lib/query-keys';
import { productKeys } from '@web/shared/catalog/keys';

/** Any product change refreshes every tool list ('tools') and the admin's views. */
function useCatalogChanged() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: productKeys.all }),
      queryClient.invalidateQueries({ queryKey: adminRoot }),
    ]);
}

/**
 * Uploads a product image with progress (fetch cannot report upload progress, XMLHttpRequest can).
 * Resolves with the stored image's URL; failures carry the server's message.
 */
export function uploadImage(
  file: File,
  onProgress: (percent: number) => void,
): Promise<UploadAnswer['data']> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/uploads');
    request.withCredentials = true;
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress(100);
        resolve((request.response as UploadAnswer).data);
        return;
      }
      const envelope = request.response as ErrorEnvelope | null;
      reject(
        new ApiError(
          request.status,
          envelope?.error.code ?? 'INTERNAL',
          envelope?.error.message ?? 'The image could not be uploaded.',
          envelope?.error.issues,
        ),
      );
    };
    request.onerror = () =>
      reject(new ApiError(0, 'NETWORK', 'Could not reach the store to upload the image.'));
    const form = new FormData();
    form.append('image', file);
    request.send(form);
  });
}

export function useAddProduct() {
  const changed = useCatalogChanged();
  return useMutation({
    mutationFn: async (input: NewToolInput) =>
      (await apiRequest<{ insertedId: string }>('/tool', { method: 'POST', body: input })).data,
    onSuccess: changed,
  });
}

export function useUpdateProduct() {
  const changed = useCatalogChanged();
  return useMutation({
    mutationFn: async ({ id, changes }: { id: string; changes: ToolChanges }) =>
      (await apiRequest<Tool>(`/tool/${encodeURIComponent(id)}`, { method: 'PATCH', body: changes })).data,
    onSuccess: changed,
  });
}

export function useDeleteProduct() {
  const changed = useCatalogChanged();
  return useMutation({
    mutationFn: async (id: string) =>
      (
        await apiRequest<{ deletedCount: number; retired: boolean }>(`/tool/${encodeURIComponent(id)}`, {
          method: 'DELETE',
        })
      ).data,
    onSuccess: changed,
  });
}
