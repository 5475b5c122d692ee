import { Address, type AddressInput, BLANK_ADDRESS } from '@contract/addresses';
import { type GuestCheckoutAnswer, guestEmailField } from '@contract/guest';
import { pages } from '@contract/pages';
import { zodResolver } from '@hookform/resolvers/zod';
import { TextField } from '@web/components/ui/text-field';
import { AddressFields } from '@web/shared/address/address-fields';
import { fetchQuote } from '@web/shared/cart/cart-calls';
import { readVisitorLines, writeVisitorLines } from '@web/shared/cart/visitor-cart';
import type { GuestPlacedState } from '@web/shared/orders/guest-placed-state';
import { guestPayer } from '@web/shared/payment/payer';
import { type UseFormRegister, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { placeGuestCheckout } from '../api/checkout-calls';
import { type PurchaseSteps, usePurchase } from '../api/use-purchase';
import { PurchaseForm } from './purchase-form';

/** The guest's form: the e-mail the order's mails go to, and the shipping address. */
const GuestForm = Address.extend({ email: guestEmailField });
type GuestFormInput = AddressInput & { email: string };

/**
 * A visitor's checkout (decision 059): their e-mail and address, then the one purchase both
 * checkouts share (`usePurchase`). The browser's cart lines go to the server, which prices them
 * again; the browser's cart is emptied once the order exists, as a customer's server cart is.
 * Paid or not, the order's own page opens (with Stripe, the card is entered there).
 */
export function GuestCheckoutForm({ testMode }: { testMode: boolean }) {
  const navigate = useNavigate();
  const form = useForm<GuestFormInput>({
    resolver: zodResolver(GuestForm) as never,
    defaultValues: { email: '', ...BLANK_ADDRESS },
  });
  const steps: PurchaseSteps<GuestFormInput, GuestCheckoutAnswer> = {
    priceAgain: (to) => fetchQuote(readVisitorLines(), to),
    place: ({ email, ...address }, priced, idempotencyKey) =>
      placeGuestCheckout({ idempotencyKey, email, lines: readVisitorLines(), address, ...priced }),
    placed: () => writeVisitorLines([]),
    payer: (answer) => guestPayer(answer.token),
    billing: (values) => ({ name: values.fullName, email: values.email }),
    finish: (answer) =>
      navigate(pages.orderStatus.withToken(answer.token), {
        state: { placed: true } satisfies GuestPlacedState,
      }),
    fieldOf: (path) =>
      path === 'email' || path.startsWith('address.')
        ? (path.replace(/^address\./, '') as keyof GuestFormInput)
        : undefined,
    refresh: () => void purchase.query.refetch(),
  };
  const purchase = usePurchase({ form, steps, testMode });
  const { errors } = form.formState;

  return (
    <PurchaseForm purchase={purchase} label="Guest checkout" testMode={testMode}>
      <fieldset className="space-y-2" disabled={purchase.locked}>
        <legend className="mb-2 text-xl font-semibold">Your e-mail</legend>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <p className="text-sm text-base-content/70">
          We send the order's confirmation and a link to follow it here. You can create an account with this
          address later and keep the order.
        </p>
      </fieldset>
      <fieldset className="space-y-2" disabled={purchase.locked}>
        <legend className="mb-2 text-xl font-semibold">Shipping address</legend>
        <AddressFields register={form.register as unknown as UseFormRegister<AddressInput>} errors={errors} />
      </fieldset>
    </PurchaseForm>
  );
}
