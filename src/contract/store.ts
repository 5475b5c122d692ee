import { z } from 'zod';

/** What the store says about itself; set by the operator (README: configuration), not in code. */
export const PortfolioProject = z.object({
  title: z.string(),
  url: z.string(),
  description: z.string(),
});

export const StoreInfo = z.object({
  brand: z.string(),
  wordmark: z.string(),
  contact: z.object({ email: z.string(), phone: z.string(), address: z.string() }),
  portfolio: z.object({
    name: z.string(),
    role: z.string(),
    bio: z.array(z.string()),
    projects: z.array(PortfolioProject),
  }),
  /** Set when the simulated card processor takes payments: no real money moves (shown on every page). */
  testMode: z.boolean().optional(),
});
export type StoreInfo = z.infer<typeof StoreInfo>;
