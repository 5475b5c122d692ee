import type { AddressInput } from '@contract/addresses';
import type { CheckoutAnswer } from '@contract/checkout';
import { formatCents } from '@contract/money';
import type { Quote, ShippingMethod } from '@contract/pricing';
import { ApiError } from '@web/lib/api-client';
import type { Destination } from '@web/shared/cart/cart-calls';
import { useCart } from '@web/shared/cart/use-cart';
import { type CardErrors, cardErrors } from '@web/shared/payment/card-fields';
import { type Payer, payByCard } from '@web/shared/payment/payer';
import { readCardFields } from '@web/shared/payment/simulated-card-fields';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useWatch } from 'react-hook-form';
import { useDiscountCode } from './discount-code';

/** What both checkouts answer: the order and its payment (null when the order is already paid). */
type Placed = Pick<CheckoutAnswer, 'order' | 'payment'>;

/** The order as the page priced it, sent with the buyer's details. */
export interface PricedOrder {
  shippingMethod: ShippingMethod;
  expectedTotalCents: number;
  discountCode?: string;
}

/** How one kind of buyer (a customer, a guest) places and pays; the rest of a purchase is the same. */
export interface PurchaseSteps<Values extends AddressInput, Answer extends Placed> {
  /** The cart priced again for this address, just before placing it. */
  priceAgain: (to: Destination) => Promise<Quote>;
  /** Places the order for the total shown, once per visit of the page (`idempotencyKey`). */
  place: (values: Values, priced: PricedOrder, idempotencyKey: string) => Promise<Answer>;
  /** The order exists (a guest's browser cart is emptied then, as a customer's is on the server). */
  placed?: (answer: Answer) => void;
  /** Who pays for a placed order. */
  payer: (answer: Answer) => Payer;
  /** The name and e-mail the card is charged with. */
  billing: (values: Values) => { name: string; email: string };
  /** Paid (or nothing to pay), or to be paid with Stripe on the order's own page: where the buyer goes. */
  finish: (answer: Answer, how: 'paid' | 'stripe') => void;
  /** The form's field a refusal's issue names (`address.city`), if it is one of them. */
  fieldOf: (issuePath: string) => Path<Values> | undefined;
  /** A 409 (a changed total, a product ran short): the cart read again as it is now. */
  refresh: () => void;
}

/**
 * One purchase, for a customer's checkout and a guest's (decision 085): the cart priced for the
 * address being typed, the card checked with the address so every mistake shows at once, the total
 * checked again just before placing, the order placed with a key made once per visit of the page
 * (a second click, a retry after a declined card or a lost answer finds the same order), then paid
 * through the same steps as the payment page (`payByCard`: charged, then reported).
 */
export function usePurchase<Values extends AddressInput & FieldValues, Answer extends Placed>({
  form,
  steps,
  testMode,
  storeCreditCents = 0,
  onAccount = false,
}: {
  form: UseFormReturn<Values>;
  steps: PurchaseSteps<Values, Answer>;
  testMode: boolean;
  /** The store credit the buyer chose to pay with (decision 100): their balance, or 0. */
  storeCreditCents?: number;
  /** The trade account's invoice pays what is left (decision 102): no card. */
  onAccount?: boolean;
}) {
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [method, setMethod] = useState<ShippingMethod>('standard');
  const [place, setPlace] = useState({ region: '', country: 'US' });
  const code = useDiscountCode();
  const { cart, query } = useCart({ shippingMethod: method, ...place, ...(code ? { code } : {}) });
  // A method the cart is no longer offered (express once a ground-only part is in it) falls back
  // to what the server priced, so the order asks for what the summary shows.
  const chosen =
    cart && !cart.shippingOptions.some((o) => o.method === method) ? cart.totals.shippingMethod : method;
  const [cardErrs, setCardErrs] = useState<CardErrors>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const placed = useRef<Answer | null>(null);
  const [placedOrder, setPlacedOrder] = useState<Answer['order'] | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  // The tax depends on where the parcel goes: the summary is priced again when the region or
  // country settles (after a pause in typing, not on every key).
  const [region, country] = useWatch({
    control: form.control,
    name: ['region', 'country'] as Path<Values>[],
  }) as unknown as [string | undefined, string | undefined];
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

  // What the store credit pays and what is left for the card: as placed, else as the page would place it.
  const creditCents = placedOrder
    ? (placedOrder.amounts.storeCreditCents ?? 0)
    : Math.min(Math.max(storeCreditCents, 0), shown?.totalCents ?? 0);
  const restCents = (shown?.totalCents ?? 0) - creditCents;
  // On account (decision 102), the rest goes on the account's invoice: as placed, else all of it.
  const onAccountCents = placedOrder
    ? (placedOrder.amounts.onAccountCents ?? 0)
    : onAccount
      ? Math.max(restCents, 0)
      : 0;
  const cardCents = restCents - onAccountCents;
  // Nothing is charged when the credit pays it all, or the account does: no card to check.
  const cardNeeded = !shown || cardCents > 0;

  const checkCard = () => {
    const element = formRef.current;
    if (!testMode || !element || !cardNeeded) return true;
    const invalid = cardErrors(readCardFields(element));
    setCardErrs(invalid);
    return Object.keys(invalid).length === 0;
  };

  const pay = async (answer: Answer, values: Values) => {
    if (!answer.payment) return steps.finish(answer, 'paid');
    // Stripe's card form lives on the order's own page, opened with this order's intent.
    if (answer.payment.provider === 'stripe') return steps.finish(answer, 'stripe');
    const element = formRef.current;
    if (!element) return;
    try {
      await payByCard(steps.payer(answer), {
        clientSecret: answer.payment.clientSecret,
        ...readCardFields(element),
        ...steps.billing(values),
      });
      steps.finish(answer, 'paid');
    } catch (failure) {
      setNotice(
        `Your order ${answer.order.number} is placed and held for you, but the payment did not go through: ${
          failure instanceof Error ? failure.message : 'the payment failed.'
        } Check the card and press "Place order and pay" again.`,
      );
    }
  };

  const onValid = async (values: Values) => {
    if (inFlight.current) return;
    if (!checkCard()) return;
    inFlight.current = true;
    setBusy(true);
    setNotice(null);
    try {
      if (placed.current) return await pay(placed.current, values);
      if (!cart || !shown) return;
      // The total must be the one for this address: priced again now if the region was just typed.
      const destination = {
        shippingMethod: chosen,
        region: values.region.trim(),
        country: values.country,
        ...(code ? { code } : {}),
      };
      const fresh = await steps.priceAgain(destination);
      if (fresh.totals.totalCents !== shown.totalCents) {
        setPlace({ region: destination.region, country: destination.country });
        setNotice(
          `The total for this address is ${formatCents(fresh.totals.totalCents)}. Check the summary and place the order again.`,
        );
        return;
      }
      const answer = await steps.place(
        values,
        {
          shippingMethod: chosen,
          expectedTotalCents: fresh.totals.totalCents,
          // Sent only when the page showed it applied: a code that does not apply is told, not sent.
          ...(fresh.codeVerdict?.applied ? { discountCode: fresh.codeVerdict.code } : {}),
        },
        idempotencyKey,
      );
      placed.current = answer;
      setPlacedOrder(answer.order);
      steps.placed?.(answer);
      await pay(answer, values);
    } catch (error) {
      if (error instanceof ApiError) {
        const fieldIssues = error.issues.flatMap((issue) => {
          const field = steps.fieldOf(issue.path);
          return field ? [{ field, message: issue.message }] : [];
        });
        for (const { field, message } of fieldIssues) form.setError(field, { type: 'server', message });
        if (fieldIssues.length === 0) setNotice(error.message);
        if (error.status === 409) steps.refresh();
      } else {
        setNotice(error instanceof Error ? error.message : 'The order could not be placed.');
      }
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  // Address and card are checked together, so every mistake shows at once.
  const submit = form.handleSubmit(onValid, () => {
    checkCard();
  });

  return {
    cart,
    query,
    code,
    chosen,
    setMethod,
    lines,
    shown,
    discount,
    hasProblems,
    shippingProblem,
    placedOrder,
    /** The store credit against the total shown (0 when none is used), what goes on account, and the rest the card pays. */
    creditCents,
    onAccountCents,
    cardCents,
    cardNeeded,
    busy,
    /** Nothing in the form changes while the order is being placed or once it is. */
    locked: busy || placedOrder !== null,
    notice,
    cardErrs,
    formRef,
    onSubmit: (event: FormEvent<HTMLFormElement>) => void submit(event),
  };
}

export type Purchase = ReturnType<typeof usePurchase>;
