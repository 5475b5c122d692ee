import { EDITOR_LIMITS, type ProductImage, STORE_IMAGE } from '@contract/catalog';
import { UPLOAD_MAX_BYTES, UPLOAD_TYPES } from '@contract/uploads.constants';
import { uploadImage } from '@web/features/catalog/api/admin-calls';
import { ApiError } from '@web/lib/api-client';
import { useId, useState } from 'react';

/**
 * A product's pictures in the order shown (the first is the one on cards), each with its alt text:
 * uploaded, or added by the store's own address (/images/... or /uploads/...). Every thumbnail sits
 * in a fixed box, so a tall picture never stretches the page.
 */
export function ImageListEditor({
  images,
  onChange,
  error,
}: {
  images: ProductImage[];
  onChange: (images: ProductImage[]) => void;
  error?: string;
}) {
  const id = useId();
  const [address, setAddress] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const full = images.length >= EDITOR_LIMITS.imagesMax;

  const move = (from: number, to: number) => {
    const next = [...images];
    const [taken] = next.splice(from, 1);
    if (taken) next.splice(to, 0, taken);
    onChange(next);
  };
  const upload = async (file: File | undefined) => {
    if (!file) return;
    if (!(UPLOAD_TYPES as readonly string[]).includes(file.type))
      return setProblem('Choose a JPEG, PNG, WebP or AVIF image');
    if (file.size > UPLOAD_MAX_BYTES) return setProblem('The image must be 5 MB or smaller');
    setProblem(null);
    setProgress(0);
    try {
      const stored = await uploadImage(file, setProgress);
      onChange([...images, { url: stored.url, alt: '' }]);
    } catch (e) {
      setProblem(e instanceof ApiError ? e.message : 'The image could not be uploaded.');
    } finally {
      setProgress(null);
    }
  };
  const addByAddress = () => {
    const url = address.trim();
    if (!STORE_IMAGE.test(url)) return setProblem('Give the store’s own address, such as /images/tools/…');
    setProblem(null);
    onChange([...images, { url, alt: '' }]);
    setAddress('');
  };

  return (
    <fieldset className="space-y-3" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="font-semibold">Images</legend>
      <p className="text-sm text-base-content/70">The first image is the one shown on cards and lists.</p>
      {images.length === 0 ? (
        <p className="text-sm">No images listed: the store shows the picture the product was added with.</p>
      ) : null}
      <ol className="space-y-3" data-testid="image-list">
        {images.map((image, index) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: the same picture may be listed twice; its place is its identity
            key={`${image.url}-${index}`}
            className="flex flex-col gap-3 rounded-box border border-base-300 p-3 sm:flex-row"
          >
            <div className="flex h-24 w-32 shrink-0 items-center justify-center overflow-hidden rounded bg-base-200">
              <img src={image.url} alt="" className="max-h-24 max-w-32 object-contain" loading="lazy" />
            </div>
            <div className="grow space-y-2">
              <p className="break-all font-mono text-xs">{image.url}</p>
              <label className="fieldset">
                <span className="fieldset-legend">Alt text of image {index + 1}</span>
                <input
                  className="input input-sm w-full"
                  maxLength={200}
                  value={image.alt}
                  onChange={(e) =>
                    onChange(images.map((im, i) => (i === index ? { ...im, alt: e.target.value } : im)))
                  }
                />
              </label>
              <div className="flex flex-wrap gap-2">
                <button
                  type="button"
                  className="btn btn-xs"
                  disabled={index === 0}
                  aria-label={`Move image ${index + 1} earlier`}
                  onClick={() => move(index, index - 1)}
                >
                  Earlier
                </button>
                <button
                  type="button"
                  className="btn btn-xs"
                  disabled={index === images.length - 1}
                  aria-label={`Move image ${index + 1} later`}
                  onClick={() => move(index, index + 1)}
                >
                  Later
                </button>
                <button
                  type="button"
                  className="btn btn-xs btn-outline btn-error"
                  aria-label={`Remove image ${index + 1}`}
                  onClick={() => onChange(images.filter((_, i) => i !== index))}
                >
                  Remove
                </button>
              </div>
            </div>
          </li>
        ))}
      </ol>
      <div className="grid gap-3 sm:grid-cols-2">
        <label className="fieldset">
          <span className="fieldset-legend">Upload an image</span>
          <input
            type="file"
            className="file-input file-input-sm w-full"
            accept={UPLOAD_TYPES.join(',')}
            disabled={full || progress !== null}
            onChange={(e) => {
              void upload(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </label>
        <div className="fieldset">
          <label className="fieldset-legend" htmlFor={`${id}-address`}>
            Or add by its address
          </label>
          <div className="join w-full">
            <input
              id={`${id}-address`}
              className="input input-sm join-item w-full"
              placeholder="/images/tools/…"
              value={address}
              disabled={full}
              onChange={(e) => setAddress(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  addByAddress();
                }
              }}
            />
            <button type="button" className="btn btn-sm join-item" disabled={full} onClick={addByAddress}>
              Add image
            </button>
          </div>
        </div>
      </div>
      {progress !== null ? (
        <progress
          className="progress progress-primary w-full"
          value={progress}
          max={100}
          aria-label="Uploading image"
        />
      ) : null}
      {problem || error ? (
        <p id={`${id}-error`} className="text-error text-sm" role="alert">
          {problem ?? error}
        </p>
      ) : null}
    </fieldset>
  );
}
