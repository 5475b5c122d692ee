import { z } from 'zod';

/**
 * GET /store/policies: what the shipping and returns pages say, read from the owner's settings in
 * force (Settings: shipping, returns), so the pages never promise what checkout and the returns
 * desk do not do. Money is integer cents, weights pounds.
 */

const PolicyBracket = z.object({ upToLb: z.number().nullable(), priceCents: z.number().int() });

const PolicyMethod = z.object({
  name: z.string(),
  estimate: z.string(),
  /** Air methods never carry ground-only parts (batteries, aerosols). */
  mode: z.enum(['ground', 'air']),
  brackets: z.array(PolicyBracket),
  freeOverCents: z.number().int().nullable(),
});

export const StorePolicies = z.object({
  shipping: z.object({
    /** The owner's zones; none: the flat rates below, wherever the store ships. */
    zones: z.array(
      z.object({ name: z.string(), areas: z.array(z.string()), methods: z.array(PolicyMethod) }),
    ),
    /** Without zones: standard (ground) and express (air) at flat rates, standard free over a subtotal. */
    flat: z.object({
      standard: z.object({ name: z.string(), estimate: z.string() }),
      express: z.object({ name: z.string(), estimate: z.string() }),
      standardCents: z.number().int(),
      expressCents: z.number().int(),
      freeStandardOverCents: z.number().int().nullable(),
    }),
    /** What a part without a weight of its own counts as. */
    defaultWeightLb: z.number(),
  }),
  returns: z.object({
    /** Days from the day a part shipped; 0: parts are not taken back. */
    windowDays: z.number().int(),
    restockingFeePercent: z.number(),
  }),
});
export type StorePolicies = z.infer<typeof StorePolicies>;
