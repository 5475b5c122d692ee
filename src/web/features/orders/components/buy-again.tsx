import { pages } from '@contract/pages';
import type { BuyAgainAnswer } from '@contract/trade';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { cartKeys } from '@web/shared/cart/keys';
import { Link } from 'react-router';

/**
 * Buy again: the order's lines go back into the cart in one press, at today's prices (the cart
 * prices them); what went in short, and what did not go in, is named with why.
 */
export function BuyAgain({ orderId }: { orderId: string }) {
  const queryClient = useQueryClient();
  const put = useMutation({
    mutationFn: async () =>
      (
        await apiRequest<BuyAgainAnswer>(`/order/${encodeURIComponent(orderId)}/buy-again`, {
          method: 'POST',
        })
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cartKeys.all }),
  });
  const answer = put.data;
  return (
    <div className="space-y-2 print:hidden">
      <button type="button" className="btn" disabled={put.isPending} onClick={() => put.mutate()}>
        {put.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
        Buy again
      </button>
      <div aria-live="polite">
        {put.isError ? (
          <p role="alert" className="text-error">
            {put.error.message}
          </p>
        ) : null}
        {answer ? (
          <div className="rounded-box border border-base-300 p-3 text-sm" data-testid="buy-again-result">
            {answer.added.length > 0 ? (
              <>
                <p className="font-medium">Added to your cart at today&apos;s prices:</p>
                <ul className="list-disc pl-5">
                  {answer.added.map((a) => (
                    <li key={a.productId}>
                      {a.quantity} × {a.name}
                      {a.note ? <span className="text-warning-content"> ({a.note})</span> : null}
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              <p className="font-medium">Nothing from this order could go into your cart.</p>
            )}
            {answer.notAdded.length > 0 ? (
              <>
                <p className="mt-2 font-medium">Not added:</p>
                <ul className="list-disc pl-5">
                  {answer.notAdded.map((n) => (
                    <li key={n.productId}>
                      {n.name}: {n.reason}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
            {answer.added.length > 0 ? (
              <Link to={pages.cart.path} className="btn btn-primary btn-sm mt-2">
                Go to your cart
              </Link>
            ) : null}
          </div>
        ) : null}
      </div>
    </div>
  );
}
