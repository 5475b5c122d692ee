import { z } from 'zod';

export * from './uploads.constants';

/** Answer of POST /uploads, shaped like the image host the spec's client used. */
export const UploadAnswer = z.object({
  success: z.literal(true),
  data: z.object({ url: z.string(), srcset: z.string(), width: z.number(), height: z.number() }),
});
export type UploadAnswer = z.infer<typeof UploadAnswer>;
