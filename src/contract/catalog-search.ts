import { z } from 'zod';

/**
 * The owner's search words (admin): a word or phrase buyers type and what the store reads it as,
 * so `break pads` finds brake pads and `tyre` finds tires. Matched whole-word after the store's own
 * stemming (`breaks` is `break`), before typo correction. Shipped with common ones; editable.
 */

const phrase = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(60, `${label} must be 60 characters or fewer`)
    .refine((v) => /[a-z0-9]/i.test(v), `${label} needs a letter or digit`);

export const Synonym = z.object({
  id: z.number().int(),
  term: z.string(),
  replacement: z.string(),
});
export type Synonym = z.infer<typeof Synonym>;

export const SynonymInput = z.object({
  term: phrase('The word buyers type'),
  replacement: phrase('What it means'),
});
export type SynonymInput = z.infer<typeof SynonymInput>;

export const SynonymList = z.object({ synonyms: z.array(Synonym) });
