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
  /** How long an unpaid order holds its stock (ORDER_HOLD_MINUTES), for the order modal's words. */
  orderHoldMinutes: z.number().int().optional(),
});
export type StoreInfo = z.infer<typeof StoreInfo>;

/** A hold in words: "30 minutes", "1 hour", "2 hours", "a day". */
export function holdWords(minutes: number): string {
  if (minutes === 1440) return 'a day';
  if (minutes % 60 === 0) return minutes === 60 ? '1 hour' : `${minutes / 60} hours`;
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
