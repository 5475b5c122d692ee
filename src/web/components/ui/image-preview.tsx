import { useEffect, useState } from 'react';

/**
 * A look at the picture chosen in a file field before it is sent; nothing when no file is
 * chosen or the browser cannot show it.
 */
export function ImagePreview({ file }: { file: File | undefined }) {
  const [url, setUrl] = useState<string | null>(null);
  const [broken, setBroken] = useState(false);
  useEffect(() => {
    setBroken(false);
    if (!file?.type.startsWith('image/')) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  if (!url || broken) return null;
  return (
    <figure className="mt-2">
      <img
        src={url}
        alt={`Preview of ${file?.name ?? 'the chosen image'}`}
        className="max-h-48 rounded-box border border-base-300 object-contain"
        onError={() => setBroken(true)}
        data-testid="image-preview"
      />
    </figure>
  );
}
