import type { Order } from '@contract/orders';
import { useSavedAddresses } from '@web/shared/address/saved-addresses';
import { AddressBlock } from '@web/shared/orders/order-parts';
import { useEffect, useRef, useState } from 'react';
import { useSetOrderAddress } from '../api/after-sale-calls';
import { OrderAddressForm } from './order-address-form';

/**
 * Where an unpaid order ships, on its payment page. The page pays only for what can ship: an
 * order placed without an address (the spec's order modal) takes the customer's saved default at
 * once, with no click, and the server quotes its shipping and tax again for it; a customer with no
 * saved address gives one first. The payment opens for the order's total once it has an address,
 * so the card is charged the total quoted for the address shown. It can be changed until paid.
 */
export function PaymentAddress({ order }: { order: Order }) {
  const saved = useSavedAddresses();
  const apply = useSetOrderAddress(order._id);
  const [changing, setChanging] = useState(false);
  // The saved address is applied once per visit: a refusal (no zone ships there) leaves the
  // choice to the customer instead of asking again.
  const applied = useRef(false);
  const preferred = saved.data?.find((a) => a.isDefault) ?? saved.data?.[0];
  const { mutate } = apply;
  useEffect(() => {
    if (order.shippingAddress !== null || !preferred || applied.current) return;
    applied.current = true;
    mutate({ addressId: preferred.id });
  }, [order.shippingAddress, preferred, mutate]);

  const applying = apply.isPending || (order.shippingAddress === null && saved.isPending);
  return (
    <section aria-labelledby="payment-address-title" className="card border border-base-300">
      <div className="card-body gap-2">
        <h3 id="payment-address-title" className="text-lg font-semibold">
          Where should we ship it?
        </h3>
        {applying ? (
          <p role="status" className="flex items-center gap-2">
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
            {order.shippingAddress === null && preferred
              ? 'Shipping to your saved address: working out its shipping and tax'
              : 'Loading your addresses'}
          </p>
        ) : order.shippingAddress && !changing ? (
          <div className="space-y-2" data-testid="payment-address">
            <AddressBlock address={order.shippingAddress} phone={order.phone} />
            <p className="text-sm text-base-content/70">
              Shipping and tax are worked out for this address; the total above is what you pay.
            </p>
            <button type="button" className="btn btn-sm" onClick={() => setChanging(true)}>
              Ship to another address
            </button>
          </div>
        ) : (
          <>
            {apply.isError ? (
              <p role="alert" className="text-error text-sm">
                {apply.error.message}
              </p>
            ) : null}
            <p className="text-sm">
              {order.shippingAddress
                ? 'Choose where it goes; shipping and tax follow the address.'
                : 'Give the shipping address before you pay; shipping and tax follow it.'}
            </p>
            <OrderAddressForm
              orderId={order._id}
              submitLabel="Ship to this address"
              onSaved={() => setChanging(false)}
            />
            {changing ? (
              <button type="button" className="btn btn-ghost btn-sm w-fit" onClick={() => setChanging(false)}>
                Keep the current address
              </button>
            ) : null}
          </>
        )}
      </div>
    </section>
  );
}
