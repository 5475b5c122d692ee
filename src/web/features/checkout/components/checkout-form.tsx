import { Address, type AddressInput, BLANK_ADDRESS, type SavedAddress } from '@contract/addresses';
import type { CheckoutAnswer } from '@contract/checkout';
import { formatCents } from '@contract/money';
import { pages } from '@contract/pages';
import type { ShippingMethod } from '@contract/pricing';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@web/lib/api-client';
import { AddressFields } from '@web/shared/address/address-fields';
import { NEW_ADDRESS, SavedAddressChoice } from '@web/shared/address/saved-address-choice';
import { cartKeys } from '@web/shared/cart/keys';
import { useCart, userCartQuery } from '@web/shared/cart/use-cart';
import { type CardErrors, cardErrors } from '@web/shared/payment/card-fields';
import { confirmSimulatedPayment, useMarkPaid } from '@web/shared/payment/payment-calls';
import { readCardFields, SimulatedCardFields } from '@web/shared/payment/simulated-card-fields';
import { OrderSummary } from '@web/shared/pricing/order-summary';
import type { SignedInUser } from '@web/shared/session/session';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { usePlaceCheckout, useSavedAddresses } from '../api/checkout-calls';
import { useDiscountCode } from '../api/discount-code';
import { CartLoading } from './cart-loading';
import { DiscountCodeField } from './discount-code-field';
import { ShippingMethodChoice } from './shipping-method-choice';
import { SummaryLines } from './summary-lines';

const blankAddress = BLANK_ADDRESS;

const asForm = ({ id: _id, isDefault: _d, ...address }: SavedAddress): AddressInput => address;

/** What the confirmation page is told beyond the order itself. */
export interface CheckoutDoneState {
  estimate?: string;
}

/**
 * The one-page checkout: address, shipping method, card and one "Place order and pay". The order
 * is placed with a key made once per visit of this page, so a second click, a retry after a
 * declined card or a lost answer finds the same order instead of making another.
 */
export function CheckoutForm({ user, testMode }: { user: SignedInUser; testMode: boolean }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [method, setMethod] = useState<ShippingMethod>('standard');
  const [place, setPlace] = useState({ region: '', country: 'US' });
  const code = useDiscountCode();
  const { cart, query } = useCart({ shippingMethod: method, ...place, ...(code ? { code } : {}) });
  // A method the cart is no longer offered (express once a ground-only part is in it) falls back
  // to what the server priced, so the order asks for what the summary shows.
  const chosen =
    cart && !cart.shippingOptions.some((o) => o.method === method) ? cart.totals.shippingMethod : method;
  const addresses = useSavedAddresses();
  const [addressChoice, setAddressChoice] = useState<string | null>(null);
  const [saveAddress, setSaveAddress] = useState(false);
  const [cardErrs, setCardErrs] = useState<CardErrors>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const placed = useRef<CheckoutAnswer | null>(null);
  const [placedOrder, setPlacedOrder] = useState<CheckoutAnswer['order'] | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const checkout = usePlaceCheckout();
  const markPaid = useMarkPaid();

  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors },
  } = useForm<AddressInput>({
    resolver: zodResolver(Address) as never,
    defaultValues: blankAddress,
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
    reset(saved ? asForm(saved) : blankAddress);
  };

  // The tax depends on where the parcel goes: the summary is priced again when the region or
  // country settles (after a pause in typing, not on every key).
  const [region, country] = useWatch({ control, name: ['region', 'country'] });
  useEffect(() => {
    const next = { region: (region ?? '').trim(), country: country ?? '' };
    const timer = setTimeout(
      () => setPlace((was) => (was.region === next.region && was.country === next.country ? was : next)),
      400,
    );
    return () => clearTimeout(timer);
  }, [region, country]);

  const shown = placedOrder
    ? { ...placedOrder.amounts, shippingMethod: placedOrder.shippingMethod }
    : cart?.totals;
  const discount = placedOrder ? placedOrder.discount : (cart?.discount ?? null);
  const lines = placedOrder
    ? placedOrder.lines.map((l) => ({ ...l, problem: null as string | null }))
    : (cart?.lines ?? []);
  const hasProblems = lines.some((l) => l.problem);
  // No zone for this address, or no method carries the parcel: nothing can be placed until it changes.
  const shippingProblem = placedOrder ? null : (cart?.shippingProblem ?? null);

  const checkCard = () => {
    const form = formRef.current;
    if (!testMode || !form) return true;
    const invalid = cardErrors(readCardFields(form));
    setCardErrs(invalid);
    return Object.keys(invalid).length === 0;
  };

  const pay = async (answer: CheckoutAnswer, billingName: string) => {
    const order = answer.order;
    const estimate = cart?.shippingOptions.find((o) => o.method === order.shippingMethod)?.estimate;
    const done = () => {
      void queryClient.invalidateQueries({ queryKey: cartKeys.user(user.id) });
      navigate(pages.checkoutDone.path(order._id), { state: { estimate } satisfies CheckoutDoneState });
    };
    if (!answer.payment) return done();
    if (answer.payment.provider === 'stripe') {
      // Stripe's card form lives on the payment page, opened with this order's intent.
      void queryClient.invalidateQueries({ queryKey: cartKeys.user(user.id) });
      navigate(pages.payment.path(order._id));
      return;
    }
    const form = formRef.current;
    if (!form) return;
    try {
      const { transactionId } = await confirmSimulatedPayment({
        clientSecret: answer.payment.clientSecret,
        ...readCardFields(form),
        name: user.name || billingName,
        email: user.email,
      });
      await markPaid.mutateAsync({ orderId: order._id, transactionId });
      done();
    } catch (failure) {
      setNotice(
        `Your order ${order.number} is placed and held for you, but the payment did not go through: ${
          failure instanceof Error ? failure.message : 'the payment failed.'
        } Check the card and press "Place order and pay" again.`,
      );
    }
  };

  const onValid = async (values: AddressInput) => {
    if (inFlight.current) return;
    if (!checkCard()) return;
    inFlight.current = true;
    setBusy(true);
    setNotice(null);
    try {
      if (placed.current) return await pay(placed.current, values.fullName);
      if (!cart || !shown) return;
      // The total must be the one for this address: priced again now if the region was just typed.
      const destination = {
        shippingMethod: chosen,
        region: values.region.trim(),
        country: values.country,
        ...(code ? { code } : {}),
      };
      const fresh = await queryClient.fetchQuery({ ...userCartQuery(user.id, destination), staleTime: 0 });
      if (fresh.totals.totalCents !== shown.totalCents) {
        setPlace({ region: destination.region, country: destination.country });
        setNotice(
          `The total for this address is ${formatCents(fresh.totals.totalCents)}. Check the summary and place the order again.`,
        );
        return;
      }
      const answer = await checkout.mutateAsync({
        idempotencyKey,
        address: values,
        saveAddress: addressChoice === NEW_ADDRESS && saveAddress,
        shippingMethod: chosen,
        expectedTotalCents: fresh.totals.totalCents,
        // Sent only when the page showed it applied: a code that does not apply is told, not sent.
        ...(fresh.codeVerdict?.applied ? { discountCode: fresh.codeVerdict.code } : {}),
      });
      placed.current = answer;
      setPlacedOrder(answer.order);
      await pay(answer, values.fullName);
    } catch (error) {
      if (error instanceof ApiError) {
        const fieldIssues = error.issues.filter((i) => i.path.startsWith('address.'));
        for (const issue of fieldIssues) {
          setError(issue.path.slice('address.'.length) as keyof AddressInput, {
            type: 'server',
            message: issue.message,
          });
        }
        if (fieldIssues.length === 0) setNotice(error.message);
        // A changed total or a product that ran short: show the cart as it is now.
        if (error.status === 409) void queryClient.invalidateQueries({ queryKey: cartKeys.user(user.id) });
      } else {
        setNotice(error instanceof Error ? error.message : 'The order could not be placed.');
      }
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  const onSubmit = handleSubmit(onValid, () => {
    // Address and card are checked together, so every mistake shows at once.
    checkCard();
  });

  if (!placedOrder && cart === undefined) {
    return <CartLoading error={query.isError ? query.error : null} retry={() => void query.refetch()} />;
  }
  if (!placedOrder && lines.length === 0) {
    return (
      <div className="space-y-4 py-10 text-center" data-testid="checkout-empty">
        <p className="text-lg">Your cart is empty.</p>
        <Link to={pages.tools.path} className="btn btn-primary">
          Browse tools
        </Link>
      </div>
    );
  }

  const locked = busy || placedOrder !== null;
  return (
    <form
      ref={formRef}
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      aria-label="Checkout"
      className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem]"
    >
      <div className="min-w-0 space-y-8">
        <fieldset className="space-y-2" disabled={locked}>
          <legend className="mb-2 text-xl font-semibold">Shipping address</legend>
          {addresses.data && addresses.data.length > 0 && addressChoice ? (
            <SavedAddressChoice addresses={addresses.data} value={addressChoice} onChange={chooseAddress} />
          ) : null}
          {addresses.isError ? (
            <p className="text-sm text-base-content/70">
              Your saved addresses could not be loaded; type the address below.
            </p>
          ) : null}
          <AddressFields register={register} errors={errors} />
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
        {cart ? (
          <ShippingMethodChoice
            options={cart.shippingOptions}
            value={chosen}
            disabled={locked}
            onChange={setMethod}
            problem={shippingProblem}
          />
        ) : null}
        <section aria-labelledby="checkout-payment" className="space-y-2">
          <h2 id="checkout-payment" className="text-xl font-semibold">
            Payment
          </h2>
          {testMode ? (
            <SimulatedCardFields errors={cardErrs} />
          ) : (
            <p className="text-sm">
              After placing the order you enter your card in our payment provider's secure form.
            </p>
          )}
        </section>
      </div>
      <aside
        aria-label="Order summary"
        className="card h-fit border border-base-300 bg-base-100 lg:sticky lg:top-20"
      >
        <div className="card-body gap-4">
          <h2 className="text-xl font-semibold">Order summary</h2>
          <SummaryLines lines={lines} />
          {shown ? (
            <div aria-live="polite" aria-busy={query.isFetching}>
              <OrderSummary totals={shown} discount={discount} />
            </div>
          ) : null}
          {placedOrder ? null : (
            <DiscountCodeField
              verdict={cart?.codeVerdict}
              pending={query.isPlaceholderData || (Boolean(code) && cart?.codeVerdict?.code !== code)}
              disabled={locked}
            />
          )}
          {notice ? (
            <p role="alert" className="alert alert-warning text-sm">
              {notice}
            </p>
          ) : null}
          {hasProblems ? (
            <p className="text-sm text-error">
              Some products cannot be ordered as they are.{' '}
              <Link to={pages.cart.path} className="link">
                Fix them in your cart
              </Link>
              .
            </p>
          ) : null}
          <button
            type="submit"
            className="btn btn-primary btn-block"
            disabled={
              busy || hasProblems || shippingProblem !== null || (!placedOrder && query.isPlaceholderData)
            }
          >
            {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
            Place order and pay
          </button>
          <Link to={pages.cart.path} className="link text-center text-sm">
            Back to cart
          </Link>
        </div>
      </aside>
    </form>
  );
}
