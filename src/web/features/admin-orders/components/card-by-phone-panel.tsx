import { formatCents } from '@contract/money';
import { type DeskOrder, type Order, showsMoney } from '@contract/orders';
import type { CardByPhoneInput } from '@contract/staff-orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FormError, SubmitButton } from '@web/components/ui/submit-button';
import { TextField } from '@web/components/ui/text-field';
import { ApiError, apiRequest } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { orderKeys } from '@web/shared/orders/keys';
import { type CardErrors, cardErrors } from '@web/shared/payment/card-fields';
import { readCardFields, SimulatedCardFields } from '@web/shared/payment/simulated-card-fields';
import { useMay } from '@web/shared/session/access';
import { useStoreInfo } from '@web/shared/store/get-store-info';
import { type FormEvent, useId, useState } from 'react';

/**
 * "Card by phone" on the staff's order page (decision 103), in test mode only: the card a customer
 * reads out, charged for their unpaid order through their own payment, or for what parts added
 * after its card payment left to pay (decision 104). A live store takes it on its provider's
 * terminal, so the panel is not shown there.
 */
export function CardByPhonePanel({ order }: { order: DeskOrder }) {
  const mayCreate = useMay('orders.create');
  if (!mayCreate || !showsMoney(order)) return null;
  const unpaid = !order.paid && order.status === 'unpaid';
  if (!unpaid && balanceDue(order) <= 0) return null;
  return <InTestMode order={order} />;
}

/** What a paid order still owes for parts added after its card payment; 0 for none. */
const balanceDue = (order: Order) => (order.paid ? (order.amounts.balanceDueCents ?? 0) : 0);

/** The store's mode is asked only for an order staff may charge. */
function InTestMode({ order }: { order: Order }) {
  const { testMode } = useStoreInfo();
  return testMode ? <CardByPhoneForm order={order} /> : null;
}

function CardByPhoneForm({ order }: { order: Order }) {
  const id = useId();
  // Each submit keeps the balance it charged: the order read back after it owes nothing.
  const owed = balanceDue(order);
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<CardErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const charge = useMutation({
    mutationFn: async (input: CardByPhoneInput) =>
      (
        await apiRequest<Order>(`/manage/${encodeURIComponent(order._id)}/card-by-phone`, {
          method: 'POST',
          body: input,
        })
      ).data,
    onSuccess: (paid) => {
      queryClient.setQueryData(orderKeys.detail(order._id, true), paid);
      void queryClient.invalidateQueries({ queryKey: orderKeys.detail(order._id, true) });
    },
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const card = readCardFields(form);
    const found = cardErrors(card);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const name = String(new FormData(form).get('cardName') ?? '').trim();
    if (!name) return setProblem('Enter the name on the card.');
    setProblem(null);
    try {
      const paid = await charge.mutateAsync({ ...card, name });
      toast.success(owed > 0 ? `The parts added to ${paid.number} are paid for` : `${paid.number} is paid`);
    } catch (error) {
      setProblem(
        error instanceof ApiError || error instanceof Error ? error.message : 'The card was not charged.',
      );
    }
  };

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="space-y-3 rounded-box border border-base-300 p-4 print:hidden"
    >
      <h3 id={`${id}-title`} className="text-lg font-semibold">
        Card by phone
      </h3>
      <p className="text-sm text-base-content/70">
        {owed > 0
          ? `The card the customer reads out, charged the ${formatCents(owed)} the parts added to this order left to pay.`
          : 'The card the customer reads out, charged for this order.'}
      </p>
      <form aria-label="Card by phone" className="space-y-3" noValidate onSubmit={(e) => void onSubmit(e)}>
        <TextField label="Name on the card" name="cardName" autoComplete="off" required />
        <SimulatedCardFields errors={errors} />
        <FormError message={problem} />
        <SubmitButton busy={charge.isPending}>
          {owed > 0 ? `Charge ${formatCents(owed)} for the parts added` : 'Charge the card'}
        </SubmitButton>
      </form>
    </section>
  );
}
