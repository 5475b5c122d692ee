import type { LineQuantityInput } from '@contract/after-sale';
import type { Order, StaffOrderLine } from '@contract/orders';
import { useQueryClient } from '@tanstack/react-query';
import { accountRoot, adminRoot } from '@web/lib/query-keys';

/** What the staff's after-sale dialogs and the customer's requests share. */

/** Every change answers with the order: the admin's and the customer's lists refresh. */
export function useOrderChanged() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminRoot }),
      queryClient.invalidateQueries({ queryKey: accountRoot }),
    ]);
}

/** A fresh key for one refund dialog. */
export const newIdempotencyKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;

export const creditNoteUrl = (orderId: string, refundId: string, admin: boolean) =>
  `/api${admin ? '/manage' : '/order'}/${encodeURIComponent(orderId)}/refunds/${encodeURIComponent(refundId)}/credit-note.pdf`;

/** Units of a line whose core charge may still come back (the server also counts cores on their way). */
export const coresLeftOf = (line: Order['lines'][number] | StaffOrderLine) =>
  ('hasCoreCharge' in line ? line.hasCoreCharge : line.coreChargeCents > 0) && line.shippedQuantity > 0
    ? line.quantity - line.coresRefunded
    : 0;

/** Lines with a positive quantity, as the server wants them. */
export const chosenLines = (quantities: Record<string, number>): LineQuantityInput[] =>
  Object.entries(quantities)
    .filter(([, quantity]) => quantity > 0)
    .map(([productId, quantity]) => ({ productId, quantity }));
