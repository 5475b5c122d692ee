import type { Tool } from '@contract/catalog';
import { orderFormSchema } from '@contract/orders';
import { pages } from '@contract/pages';
import { holdWords } from '@contract/store';
import { zodResolver } from '@hookform/resolvers/zod';
import { SubmitButton } from '@web/components/ui/submit-button';
import { TextField } from '@web/components/ui/text-field';
import { ApiError } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { CoreChargeLine } from '@web/shared/pricing/core-charge-line';
import { OrderSummary } from '@web/shared/pricing/order-summary';
import { useStoreInfo } from '@web/shared/store/get-store-info';
import { useEffect, useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { useOneLineQuote } from '../api/one-line-quote';
import { usePlaceOrder } from '../api/order-calls';

interface Values {
  phone: string;
  orderQuantity: number | string;
}

/**
 * The spec's order modal: name and email from the account (read-only), phone and quantity with
 * the spec's messages, and the server's exact amounts for that quantity: subtotal, standard
 * shipping, tax and the total that is charged. A placed order goes straight to its payment page.
 */
export function OrderModal({
  tool,
  user,
  open,
  onClose,
}: {
  tool: Tool;
  user: { name: string; email: string };
  open: boolean;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const place = usePlaceOrder();
  const navigate = useNavigate();
  // The store's hold, so the words match ORDER_HOLD_MINUTES (30 minutes by default).
  const { orderHoldMinutes = 30 } = useStoreInfo();
  const {
    register,
    handleSubmit,
    watch,
    reset,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver: zodResolver(orderFormSchema(tool)) as never,
    defaultValues: { phone: '', orderQuantity: tool.minimum_order_quantity },
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // Name and email are read-only: start where there is something to type.
      setFocus('phone');
    }
    if (!open && dialog.open) dialog.close();
  }, [open, setFocus]);

  const typed = String(watch('orderQuantity') ?? '').trim();
  const quantity = /^\d{1,9}$/.test(typed) ? Number(typed) : 0;
  // Priced only for a quantity the order would take; otherwise the field's message says why.
  const priceable = quantity >= tool.minimum_order_quantity && quantity <= tool.available_quantity;
  const quote = useOneLineQuote(tool._id, quantity, open && priceable);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const order = await place.mutateAsync({
        productId: tool._id,
        orderQuantity: Number(values.orderQuantity),
        phone: values.phone,
      });
      toast.success('Order added successsfully!');
      reset({ phone: values.phone, orderQuantity: tool.minimum_order_quantity });
      onClose();
      navigate(pages.payment.path(order._id));
    } catch (error) {
      const issue =
        error instanceof ApiError
          ? error.issues.find((i) => i.path === 'orderQuantity' || i.path === 'phone')
          : undefined;
      if (issue) setError(issue.path as keyof Values, { type: 'server', message: issue.message });
      else toast.error(error instanceof Error ? error.message : 'The order could not be placed.');
    }
  });

  return (
    <dialog ref={ref} className="modal" aria-labelledby={titleId} onClose={onClose}>
      <div className="modal-box">
        <h2 id={titleId} className="text-lg font-bold">
          Order {tool.name}
        </h2>
        <form onSubmit={onSubmit} noValidate className="mt-2 space-y-1" aria-label="Order">
          <TextField label="Name" value={user.name} readOnly />
          <TextField label="Email" value={user.email} readOnly />
          <TextField
            label="Phone"
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            placeholder="01XXXXXXXXX"
            error={errors.phone?.message}
            {...register('phone')}
          />
          <TextField
            label={`Quantity (${tool.minimum_order_quantity} to ${tool.available_quantity})`}
            type="number"
            inputMode="numeric"
            error={errors.orderQuantity?.message}
            {...register('orderQuantity')}
          />
          <div className="pt-2" aria-live="polite" aria-busy={quote.isFetching}>
            {priceable && quote.data ? (
              <OrderSummary totals={quote.data.totals} discount={quote.data.discount}>
                {quote.data.lines.map((line) => (
                  <CoreChargeLine key={line.productId} line={line} />
                ))}
              </OrderSummary>
            ) : priceable && quote.isError ? (
              <p className="text-error text-sm">The total could not be worked out: {quote.error.message}</p>
            ) : (
              <p className="text-lg font-semibold" data-testid="summary-total">
                Total: {priceable ? '…' : '—'}
              </p>
            )}
          </div>
          <div className="modal-action">
            <button type="button" className="btn" onClick={onClose}>
              Cancel
            </button>
            <SubmitButton busy={isSubmitting}>Place Order</SubmitButton>
          </div>
          <p className="text-sm text-base-content/70">
            Unpaid orders are held for you for {holdWords(orderHoldMinutes)}.{' '}
            <Link to={pages.myOrders.path} className="link">
              My Orders
            </Link>
          </p>
        </form>
      </div>
    </dialog>
  );
}
