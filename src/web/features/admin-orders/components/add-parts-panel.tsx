import { type DeskOrder, type Order, showsMoney } from '@contract/orders';
import type { AddLinesInput } from '@contract/staff-orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FormError, SubmitButton } from '@web/components/ui/submit-button';
import { ApiError, apiRequest } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { type PartLine, PartLinesField, partLinesInput } from '@web/shared/catalog/part-lines';
import { orderKeys } from '@web/shared/orders/keys';
import { useMay } from '@web/shared/session/access';
import { type FormEvent, useId, useState } from 'react';

/**
 * Whether parts may be added to this order (decisions 103, 104): paid, and nothing of it shipped
 * yet. On account they go on the invoice; paid by card (not charged again), they are owed as a
 * balance. The store decides (a guest's order, one with refunds); this only hides the panel where
 * it would refuse anyway.
 */
export const takesAddedParts = (order: DeskOrder): order is Order =>
  showsMoney(order) && order.paid && order.status === 'pending';

function useAddLines(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: AddLinesInput) =>
      (
        await apiRequest<Order>(`/manage/${encodeURIComponent(id)}/lines`, {
          method: 'POST',
          body: input,
        })
      ).data,
    onSuccess: (order) => {
      queryClient.setQueryData(orderKeys.detail(id, true), order);
      void queryClient.invalidateQueries({ queryKey: orderKeys.detail(id, true) });
    },
  });
}

/**
 * "Add parts" on the staff's order page (orders.edit): parts the customer asked for before the
 * order shipped, priced at their prices and charged to their account with the order, or owed by
 * card before it ships. Shown only for an order that takes them; the store's refusals (over the
 * credit limit, out of stock, a guest's order) are said.
 */
export function AddPartsPanel({ order }: { order: DeskOrder }) {
  const mayEdit = useMay('orders.edit');
  if (!mayEdit || !takesAddedParts(order)) return null;
  return <AddPartsForm order={order} />;
}

function AddPartsForm({ order }: { order: Order }) {
  const id = useId();
  const add = useAddLines(order._id);
  const [lines, setLines] = useState<PartLine[]>([]);
  const [problem, setProblem] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const input = partLinesInput(lines);
    if (typeof input === 'string') return setProblem(input);
    setProblem(null);
    try {
      const updated = await add.mutateAsync({ lines: input });
      setLines([]);
      toast.success(`Parts added to ${updated.number}`);
    } catch (error) {
      const issues = error instanceof ApiError ? error.issues.map((i) => i.message) : [];
      setProblem(
        issues.length > 0
          ? issues.join(' ')
          : error instanceof Error
            ? error.message
            : 'The parts could not be added.',
      );
    }
  };

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="space-y-3 rounded-box border border-base-300 p-4 print:hidden"
      data-testid="add-parts"
    >
      <h3 id={`${id}-title`} className="text-lg font-semibold">
        Add parts
      </h3>
      <p className="text-sm text-base-content/70" data-testid="add-parts-cost">
        {order.amounts.onAccountCents !== undefined
          ? 'Parts the customer asked for before it ships: priced at their prices and charged to their account with this order, on its invoice.'
          : 'Parts the customer asked for before it ships: priced at their prices; the customer is mailed to pay the difference; the order ships once it is paid.'}
      </p>
      <form aria-label="Add parts" className="space-y-3" noValidate onSubmit={(e) => void onSubmit(e)}>
        <PartLinesField value={lines} onChange={setLines} legend="Parts to add" disabled={add.isPending} />
        <FormError message={problem} />
        <SubmitButton busy={add.isPending}>Add to order</SubmitButton>
      </form>
    </section>
  );
}
