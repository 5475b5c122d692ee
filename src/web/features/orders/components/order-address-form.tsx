import { Address, type AddressInput, BLANK_ADDRESS } from '@contract/addresses';
import type { Order } from '@contract/orders';
import { zodResolver } from '@hookform/resolvers/zod';
import { AddressFields } from '@web/shared/address/address-fields';
import { NEW_ADDRESS, SavedAddressChoice } from '@web/shared/address/saved-address-choice';
import { useSavedAddresses } from '@web/shared/address/saved-addresses';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSetOrderAddress } from '../api/after-sale-calls';

/**
 * Where an order placed without an address ships to: one from the address book or a new one
 * (PUT /order/:id/address). The server decides whether the order still takes one.
 */
export function OrderAddressForm({
  orderId,
  submitLabel,
  onSaved,
}: {
  orderId: string;
  submitLabel: string;
  onSaved?: (order: Order) => void;
}) {
  const saved = useSavedAddresses();
  const setAddress = useSetOrderAddress(orderId);
  const [choice, setChoice] = useState<string>(NEW_ADDRESS);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<AddressInput, unknown, Address>({
    resolver: zodResolver(Address),
    defaultValues: BLANK_ADDRESS,
  });
  const addresses = saved.data ?? [];
  useEffect(() => {
    // Start on the default address once the book has loaded.
    const first = addresses.find((a) => a.isDefault) ?? addresses[0];
    if (first) setChoice((c) => (c === NEW_ADDRESS ? first.id : c));
  }, [addresses]);

  const send = async (input: { addressId: string } | { address: Address }) => {
    setError(null);
    try {
      const order = await setAddress.mutateAsync(input);
      onSaved?.(order);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The address could not be saved.');
    }
  };
  const onSubmit =
    choice === NEW_ADDRESS
      ? form.handleSubmit((address) => send({ address }))
      : (e: React.FormEvent) => {
          e.preventDefault();
          void send({ addressId: choice });
        };

  if (saved.isPending)
    return (
      <p role="status">
        <span className="loading loading-spinner" aria-hidden="true" /> Loading your addresses
      </p>
    );
  return (
    <form onSubmit={onSubmit} className="space-y-2" noValidate aria-label="Shipping address">
      {addresses.length > 0 ? (
        <SavedAddressChoice addresses={addresses} value={choice} onChange={setChoice} />
      ) : null}
      {choice === NEW_ADDRESS ? (
        <AddressFields register={form.register} errors={form.formState.errors} />
      ) : null}
      {error ? (
        <p className="text-error text-sm" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary" disabled={setAddress.isPending}>
        {setAddress.isPending ? (
          <span className="loading loading-spinner loading-sm" aria-hidden="true" />
        ) : null}
        {submitLabel}
      </button>
    </form>
  );
}
