import { z } from 'zod';

export * from './uploads.constants';

/** Answer of POST /uploads, shaped like the image host the spec's client used. */
export const UploadAnswer = z.object({
  success: z.literal(true),
  data: z.object({ url: z.string(), srcset: z.string(), width: z.number(), height: z.number() }),
});
export type UploadAnswer = z.infer<typeof UploadAnswer>;

/** POST /uploads/by-url: an image's http(s) address; the store fetches it and keeps its own copy. */
export const UploadByUrl = z.object({
  url: z
    .string({ error: 'Give the image address' })
    .trim()
    .max(2000, 'The address is too long')
    .regex(/^https?:\/\/\S+$/i, 'Give an http or https address'),
});
export type UploadByUrl = z.infer<typeof UploadByUrl>;
