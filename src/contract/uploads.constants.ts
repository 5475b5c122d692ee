/** Upload limits and image naming, apart from the schemas so product cards can use them without zod. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
/** Every upload is stored at these widths (never enlarged), for responsive `srcset`. */
export const UPLOAD_WIDTHS = [480, 960] as const;
export const UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;

/**
 * The picture of a product without a photo of its own (an import row without images): a neutral
 * "No photo", never another product's picture.
 */
export const NO_PHOTO_IMAGE = '/images/no-photo.svg';

/** Whether a product's picture is the "No photo" placeholder (its alt text then says so). */
export const isNoPhoto = (url: string) => url === NO_PHOTO_IMAGE;

/** `/uploads/<id>-960.webp` → the srcset of all its widths; undefined for other images. */
export function srcSetFor(url: string): string | undefined {
  const match = /^(.*\/uploads\/[A-Za-z0-9-]+)-\d+\.webp$/.exec(url);
  if (!match) return undefined;
  return UPLOAD_WIDTHS.map((w) => `${match[1]}-${w}.webp ${w}w`).join(', ');
}

/**
 * How wide each product picture is drawn, for `sizes`: the server's preload hints name the same
 * values, so the browser fetches the one file it will show.
 */
export const TOOL_CARD_IMAGE_SIZES =
  '(min-width: 1024px) 33vw, (min-width: 768px) 50vw, (min-width: 640px) 100vw, 7rem';
export const PURCHASE_IMAGE_SIZES = '(min-width: 1024px) 50vw, 100vw';
