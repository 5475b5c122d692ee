import { Address, type AddressInput, BLANK_ADDRESS } from '@contract/addresses';
import { type GuestCheckoutAnswer, guestEmailField } from '@contract/guest';
import { formatCents } from '@contract/money';
import { pages } from '@contract/pages';
import type { ShippingMethod } from '@contract/pricing';
import { zodResolver } from '@hookform/resolvers/zod';
import { TextField } from '@web/components/ui/text-field';
import { guestSimulatedConfirm, placeGuestCheckout } from '@web/features/orders/api/guest-order-calls';
import { ApiError } from '@web/lib/api-client';
import { AddressFields } from '@web/shared/address/address-fields';
import { fetchQuote } from '@web/shared/cart/cart-calls';
import { useCart } from '@web/shared/cart/use-cart';
import { readVisitorLines, writeVisitorLines } from '@web/shared/cart/visitor-cart';
import { type CardErrors, cardErrors } from '@web/shared/payment/card-fields';
import { readCardFields, SimulatedCardFields } from '@web/shared/payment/simulated-card-fields';
import { OrderSummary } from '@web/shared/pricing/order-summary';
import { useEffect, useRef, useState } from 'react';
import { type UseFormRegister, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { useDiscountCode } from '../api/discount-code';
import { CartLoading } from './cart-loading';
import { DiscountCodeField } from './discount-code-field';
import { ShippingMethodChoice } from './shipping-method-choice';
import { SummaryLines } from './summary-lines';

/** The guest's form: the e-mail the order's mails go to, and the shipping address. */
const GuestForm = Address.extend({ email: guestEmailField });
type GuestFormInput = AddressInput & { email: string };

/** What the order page is told after a checkout: the order was just placed here. */
export interface GuestPlacedState {
  placed: true;
}

/**
 * A visitor's checkout (decision 059): e-mail, address, shipping method, card and one "Place
 * order and pay", like a customer's. The browser's cart lines go to the server, which prices them
 * again and places the order with a key made once per visit of this page, so a second click or a
 * retry after a declined card pays the same order. The browser's cart is emptied once the order
 * exists, as a customer's server cart is.
 */
export function GuestCheckoutForm({ testMode }: { testMode: boolean }) {
  const navigate = useNavigate();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [method, setMethod] = useState<ShippingMethod>('standard');
  const [place, setPlace] = useState({ region: '', country: 'US' });
  const code = useDiscountCode();
  const { cart, query } = useCart({ shippingMethod: method, ...place, ...(code ? { code } : {}) });
  const chosen =
    cart && !cart.shippingOptions.some((o) => o.method === method) ? cart.totals.shippingMethod : method;
  const [cardErrs, setCardErrs] = useState<CardErrors>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const placed = useRef<GuestCheckoutAnswer | null>(null);
  const [placedOrder, setPlacedOrder] = useState<GuestCheckoutAnswer['order'] | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<GuestFormInput>({
    resolver: zodResolver(GuestForm) as never,
    defaultValues: { email: '', ...BLANK_ADDRESS },
  });

  // The tax depends on where the parcel goes: priced again once the region or country settles.
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
    : (cart?.totals ?? undefined);
  const discount = placedOrder ? placedOrder.discount : (cart?.discount ?? null);
  const lines = placedOrder
    ? placedOrder.lines.map((l) => ({ ...l, problem: null as string | null }))
    : (cart?.lines ?? []);
  const hasProblems = lines.some((l) => l.problem);

  const checkCard = () => {
    const form = formRef.current;
    if (!testMode || !form) return true;
    const invalid = cardErrors(readCardFields(form));
    setCardErrs(invalid);
    return Object.keys(invalid).length === 0;
  };

  const pay = async (answer: GuestCheckoutAnswer, billing: { name: string; email: string }) => {
    const page = pages.orderStatus.withToken(answer.token);
    if (!answer.payment || answer.payment.provider === 'stripe') {
      // Stripe's card form lives on the order's page, opened with this order's key.
      navigate(page, { state: { placed: true } satisfies GuestPlacedState });
      return;
    }
    const form = formRef.current;
    if (!form) return;
    try {
      await guestSimulatedConfirm(answer.token, {
        clientSecret: answer.payment.clientSecret,
        ...readCardFields(form),
        ...billing,
      });
      navigate(page, { state: { placed: true } satisfies GuestPlacedState });
    } catch (failure) {
      setNotice(
        `Your order ${answer.order.number} is placed and held for you, but the payment did not go through: ${
          failure instanceof Error ? failure.message : 'the payment failed.'
        } Check the card and press "Place order and pay" again.`,
      );
    }
  };

  const onValid = async (values: GuestFormInput) => {
    if (inFlight.current) return;
    if (!checkCard()) return;
    inFlight.current = true;
    setBusy(true);
    setNotice(null);
    const { email, ...address } = values;
    const billing = { name: address.fullName, email };
    try {
      if (placed.current) return await pay(placed.current, billing);
      if (!cart || !shown) return;
      const browserLines = readVisitorLines();
      const destination = {
        shippingMethod: chosen,
        region: address.region.trim(),
        country: address.country,
        ...(code ? { code } : {}),
      };
      const fresh = await fetchQuote(browserLines, destination);
      if (fresh.totals.totalCents !== shown.totalCents) {
        setPlace({ region: destination.region, country: destination.country });
        setNotice(
          `The total for this address is ${formatCents(fresh.totals.totalCents)}. Check the summary and place the order again.`,
        );
        return;
      }
      const answer = await placeGuestCheckout({
        idempotencyKey,
        email,
        lines: browserLines,
        address,
        shippingMethod: chosen,
        expectedTotalCents: fresh.totals.totalCents,
        // Sent only when the page showed it applied: a code that does not apply is told, not sent.
        ...(fresh.codeVerdict?.applied ? { discountCode: fresh.codeVerdict.code } : {}),
      });
      placed.current = answer;
      setPlacedOrder(answer.order);
      // The order holds the lines now; the browser's cart is emptied as a customer's is.
      writeVisitorLines([]);
      await pay(answer, billing);
    } catch (error) {
      if (error instanceof ApiError) {
        const fieldIssues = error.issues.filter((i) => i.path.startsWith('address.') || i.path === 'email');
        for (const issue of fieldIssues) {
          setError(issue.path.replace(/^address\./, '') as keyof GuestFormInput, {
            type: 'server',
            message: issue.message,
          });
        }
        if (fieldIssues.length === 0) setNotice(error.message);
        if (error.status === 409) void query.refetch();
      } else {
        setNotice(error instanceof Error ? error.message : 'The order could not be placed.');
      }
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  const onSubmit = handleSubmit(onValid, () => {
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
      aria-label="Guest checkout"
      className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem]"
    >
      <div className="min-w-0 space-y-8">
        <fieldset className="space-y-2" disabled={locked}>
          <legend className="mb-2 text-xl font-semibold">Your e-mail</legend>
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...register('email')}
          />
          <p className="text-sm text-base-content/70">
            We send the order's confirmation and a link to follow it here. You can create an account with this
            address later and keep the order.
          </p>
        </fieldset>
        <fieldset className="space-y-2" disabled={locked}>
          <legend className="mb-2 text-xl font-semibold">Shipping address</legend>
          <AddressFields register={register as unknown as UseFormRegister<AddressInput>} errors={errors} />
        </fieldset>
        {cart ? (
          <ShippingMethodChoice
            options={cart.shippingOptions}
            value={chosen}
            disabled={locked}
            onChange={setMethod}
          />
        ) : null}
        <section aria-labelledby="guest-checkout-payment" className="space-y-2">
          <h2 id="guest-checkout-payment" className="text-xl font-semibold">
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
            disabled={busy || hasProblems || (!placedOrder && query.isPlaceholderData)}
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
