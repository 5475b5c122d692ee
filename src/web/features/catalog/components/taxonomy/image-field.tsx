import { UPLOAD_TYPES } from '@contract/uploads.constants';
import { uploadImage } from '@web/features/catalog/api/admin-calls';
import { ApiError } from '@web/lib/api-client';
import { useId, useState } from 'react';

/** One picture for a category or brand: uploaded or the store's own address; shown small and contained. */
export function ImageField({ value, onChange }: { value: string; onChange: (url: string) => void }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <div className="fieldset">
      <label className="fieldset-legend" htmlFor={`${id}-address`}>
        Picture address
      </label>
      <div className="flex items-start gap-3">
        <div className="flex h-16 w-20 shrink-0 items-center justify-center overflow-hidden rounded bg-base-200">
          {value ? <img src={value} alt="" className="max-h-16 max-w-20 object-contain" /> : null}
        </div>
        <div className="grow space-y-2">
          <input
            id={`${id}-address`}
            className="input input-sm w-full"
            placeholder="/images/categories/…"
            value={value}
            onChange={(e) => onChange(e.target.value)}
          />
          <label className="block text-sm">
            <span className="sr-only">Upload a picture</span>
            <input
              type="file"
              className="file-input file-input-sm w-full"
              accept={UPLOAD_TYPES.join(',')}
              disabled={busy}
              aria-label="Upload a picture"
              onChange={async (e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (!file) return;
                setBusy(true);
                setProblem(null);
                try {
                  onChange((await uploadImage(file, () => {})).url);
                } catch (error) {
                  setProblem(
                    error instanceof ApiError ? error.message : 'The picture could not be uploaded.',
                  );
                } finally {
                  setBusy(false);
                }
              }}
            />
          </label>
        </div>
      </div>
      {busy ? <p role="status">Uploading…</p> : null}
      {problem ? (
        <p className="text-error text-sm" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
