import { z } from 'zod';

/** POST /cart-reminders/unsubscribe: the key from a reminder mail's link (no sign-in needed). */
export const UnsubscribeInput = z.object({
  token: z
    .string({ error: 'This unsubscribe link is incomplete' })
    .min(10, 'This unsubscribe link is incomplete')
    .max(300, 'This unsubscribe link is incomplete'),
});
export const UnsubscribeAnswer = z.object({ unsubscribed: z.literal(true) });

export const UNSUBSCRIBE_LINK_INVALID =
  'This unsubscribe link is not valid. Open it again from the reminder mail, or write to us.';
