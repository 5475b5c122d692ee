import { z } from 'zod';

/** Answer of POST /uploads, shaped like the image host the spec's client used. */
export const UploadAnswer = z.object({
  success: z.literal(true),
  data: z.object({ url: z.string(), srcset: z.string(), width: z.number(), height: z.number() }),
});
export type UploadAnswer = z.infer<typeof UploadAnswer>;

export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
/** Every upload is stored at these widths (never enlarged), for responsive `srcset`. */
export const UPLOAD_WIDTHS = [480, 960] as const;
export const UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;

/** `/uploads/<id>-960.webp` → the srcset of all its widths; undefined for other images. */
export function srcSetFor(url: string): string | undefined {
  const match = /^(.*\/uploads\/[A-Za-z0-9-]+)-\d+\.webp$/.exec(url);
  if (!match) return undefined;
  return UPLOAD_WIDTHS.map((w) => `${match[1]}-${w}.webp ${w}w`).join(', ');
}
