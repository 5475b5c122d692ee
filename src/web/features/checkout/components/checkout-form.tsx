import { Address, type AddressInput, BLANK_ADDRESS, type SavedAddress } from '@contract/addresses';
import type { CheckoutAnswer } from '@contract/checkout';
import { formatCents } from '@contract/money';
import { pages } from '@contract/pages';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { AddressFields } from '@web/shared/address/address-fields';
import { NEW_ADDRESS, SavedAddressChoice } from '@web/shared/address/saved-address-choice';
import { useSavedAddresses } from '@web/shared/address/saved-addresses';
import { cartKeys } from '@web/shared/cart/keys';
import { userCartQuery } from '@web/shared/cart/use-cart';
import { onAccountKeys, useOnAccount } from '@web/shared/payment/on-account-calls';
import { customerPayer } from '@web/shared/payment/payer';
import type { SignedInUser } from '@web/shared/session/session';
import { storeCreditKeys, useStoreCredit } from '@web/shared/store-credit/store-credit-calls';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { usePlaceCheckout } from '../api/checkout-calls';
import { type PurchaseSteps, usePurchase } from '../api/use-purchase';
import { type PayWith, PayWithChoice } from './pay-with-choice';
import { PurchaseForm } from './purchase-form';

const asForm = ({ id: _id, isDefault: _d, ...address }: SavedAddress): AddressInput => address;

/** What the confirmation page is told beyond the order itself. */
export interface CheckoutDoneState {
  estimate?: string;
}

/**
 * A customer's checkout: the server cart, an address from the book (or a new one, saved if they
 * like), then the one purchase both checkouts share (`usePurchase`). Paid, it opens the
 * confirmation; with Stripe, the order's payment page.
 */
export function CheckoutForm({ user, testMode }: { user: SignedInUser; testMode: boolean }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const addresses = useSavedAddresses();
  const [addressChoice, setAddressChoice] = useState<string | null>(null);
  const [saveAddress, setSaveAddress] = useState(false);
  const checkout = usePlaceCheckout();
  // Store credit (decision 100): offered when the customer has a balance, used only when ticked.
  const storeCredit = useStoreCredit();
  const balanceCents = storeCredit.data?.balanceCents ?? 0;
  const [useCredit, setUseCredit] = useState(false);
  const creditChosen = useCredit && balanceCents > 0;
  // Orders on account (decision 102): a trade account with terms chooses card or on account; on
  // account is offered only while the account may use it (`stoppedBecause` says why not).
  const onAccount = useOnAccount();
  const [payWith, setPayWith] = useState<PayWith>('card');
  const accountChosen =
    payWith === 'account' && onAccount.terms !== null && onAccount.standing?.stoppedBecause == null;
  const form = useForm<AddressInput>({
    resolver: zodResolver(Address) as never,
    defaultValues: BLANK_ADDRESS,
  });
  const { reset } = form;

  const cartChanged = () => void queryClient.invalidateQueries({ queryKey: cartKeys.user(user.id) });
  const steps: PurchaseSteps<AddressInput, CheckoutAnswer> = {
    priceAgain: (to) => queryClient.fetchQuery({ ...userCartQuery(user.id, to), staleTime: 0 }),
    place: (address, priced, idempotencyKey) =>
      checkout.mutateAsync({
        idempotencyKey,
        address,
        saveAddress: addressChoice === NEW_ADDRESS && saveAddress,
        ...priced,
        useStoreCredit: creditChosen,
        ...(accountChosen ? { payOnAccount: true } : {}),
      }),
    payer: (answer) => customerPayer(answer.order._id, queryClient),
    billing: (address) => ({ name: user.name || address.fullName, email: user.email }),
    finish: (answer, how) => {
      cartChanged();
      if ((answer.order.amounts.storeCreditCents ?? 0) > 0)
        void queryClient.invalidateQueries({ queryKey: storeCreditKeys.mine });
      if ((answer.order.amounts.onAccountCents ?? 0) > 0)
        void queryClient.invalidateQueries({ queryKey: onAccountKeys.invoices });
      if (how === 'stripe') return navigate(pages.payment.path(answer.order._id));
      const estimate = purchase.cart?.shippingOptions.find(
        (o) => o.method === answer.order.shippingMethod,
      )?.estimate;
      navigate(pages.checkoutDone.path(answer.order._id), {
        state: { estimate } satisfies CheckoutDoneState,
      });
    },
    fieldOf: (path) =>
      path.startsWith('address.') ? (path.slice('address.'.length) as keyof AddressInput) : undefined,
    refresh: () => {
      cartChanged();
      // Refused on account (over the limit, an invoice overdue): where the account stands now.
      if (accountChosen) void queryClient.invalidateQueries({ queryKey: onAccountKeys.invoices });
    },
  };
  const purchase = usePurchase({
    form,
    steps,
    testMode,
    storeCreditCents: creditChosen ? balanceCents : 0,
    onAccount: accountChosen,
  });

  // The default saved address fills the form once the book arrives; an empty book asks for a new one.
  useEffect(() => {
    if (!addresses.data || addressChoice !== null) return;
    const preferred = addresses.data.find((a) => a.isDefault) ?? addresses.data[0];
    if (preferred) {
      setAddressChoice(preferred.id);
      reset(asForm(preferred));
    } else {
      setAddressChoice(NEW_ADDRESS);
      setSaveAddress(true);
    }
  }, [addresses.data, addressChoice, reset]);

  const chooseAddress = (id: string) => {
    setAddressChoice(id);
    const saved = addresses.data?.find((a) => a.id === id);
    reset(saved ? asForm(saved) : BLANK_ADDRESS);
  };

  return (
    <PurchaseForm
      purchase={purchase}
      label="Checkout"
      testMode={testMode}
      credit={
        balanceCents > 0 || onAccount.terms ? (
          <>
            {balanceCents > 0 ? (
              <label className="flex cursor-pointer items-center gap-2 whitespace-normal">
                <input
                  type="checkbox"
                  className="checkbox checkbox-sm"
                  checked={useCredit}
                  disabled={purchase.locked}
                  onChange={(e) => setUseCredit(e.target.checked)}
                />
                <span className="text-base-content">
                  Use my store credit ({formatCents(balanceCents)} available)
                </span>
              </label>
            ) : null}
            {onAccount.terms ? (
              <PayWithChoice
                terms={onAccount.terms}
                standing={onAccount.standing}
                checking={onAccount.invoices.isPending}
                value={accountChosen ? 'account' : 'card'}
                onChange={setPayWith}
                disabled={purchase.locked}
              />
            ) : null}
          </>
        ) : null
      }
    >
      <fieldset className="space-y-2" disabled={purchase.locked}>
        <legend className="mb-2 text-xl font-semibold">Shipping address</legend>
        {addresses.data && addresses.data.length > 0 && addressChoice ? (
          <SavedAddressChoice addresses={addresses.data} value={addressChoice} onChange={chooseAddress} />
        ) : null}
        {addresses.isError ? (
          <p className="text-sm text-base-content/70">
            Your saved addresses could not be loaded; type the address below.
          </p>
        ) : null}
        <AddressFields register={form.register} errors={form.formState.errors} />
        {addressChoice === NEW_ADDRESS ? (
          <label className="label mt-2 cursor-pointer gap-2">
            <input
              type="checkbox"
              className="checkbox checkbox-sm"
              checked={saveAddress}
              onChange={(e) => setSaveAddress(e.target.checked)}
            />
            <span className="text-base-content">Save this address</span>
          </label>
        ) : null}
      </fieldset>
    </PurchaseForm>
  );
}
