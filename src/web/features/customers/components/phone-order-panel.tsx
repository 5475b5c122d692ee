import { Address, type AddressInput, BLANK_ADDRESS, type SavedAddress } from '@contract/addresses';
import { formatCents } from '@contract/money';
import type { Order } from '@contract/orders';
import { pages } from '@contract/pages';
import { shippingMethods } from '@contract/pricing';
import type { PhoneOrderPreview, PhonePayment, QuoteSent } from '@contract/staff-orders';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormError } from '@web/components/ui/submit-button';
import { TextAreaField, TextField } from '@web/components/ui/text-field';
import { ApiError } from '@web/lib/api-client';
import { AddressFields } from '@web/shared/address/address-fields';
import { NEW_ADDRESS, SavedAddressChoice } from '@web/shared/address/saved-address-choice';
import { SelectField } from '@web/shared/address/select-field';
import { type PartLine, PartLinesField, partLinesInput } from '@web/shared/catalog/part-lines';
import { OrderSummary } from '@web/shared/pricing/order-summary';
import { useMay } from '@web/shared/session/access';
import { useEffect, useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { usePhoneOrderPreview, usePlaceOrderFor, useSendQuote } from '../api/staff-order-calls';
import { useTradeAccount } from '../api/trade-calls';

/**
 * "Order for this customer" (decision 103): parts, shipping and the address, then either an order
 * placed now (charged to their account, or left for them to pay by card) or a quote sent as a link
 * they open, accept and pay. The store prices both at the customer's own prices and checks the
 * stock and credit limit; this only sends what was chosen and says what the store answered.
 */

const METHOD_LABELS: Record<string, string> = {
  standard: 'Standard shipping',
  express: 'Express shipping',
};

/** A price as the method select says it. */
const priceWords = (cents: number) => (cents === 0 ? 'Free' : formatCents(cents));

const asForm = ({ id: _id, isDefault: _d, ...address }: SavedAddress): AddressInput => address;

/** The store's refusal in words: its message, and what it said of each field. */
function refusalWords(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : fallback;
  const issues = error.issues.filter((i) => !i.path.startsWith('address.')).map((i) => i.message);
  return issues.length > 0 ? issues.join(' ') : error.message;
}

/** An absolute link the staff can paste into a mail or a message. */
const absolute = (link: string) =>
  typeof window === 'undefined' ? link : new URL(link, window.location.origin).toString();

type Done = { kind: 'order'; order: Order } | { kind: 'quote'; sent: QuoteSent };

interface Props {
  customerId: string;
  /** The customer's saved addresses, to ship to one of them. */
  addresses: SavedAddress[];
}

/** Shown to those who may place orders for customers (`orders.create`: managers and the owner). */
export function PhoneOrderPanel(props: Props) {
  return useMay('orders.create') ? <PhoneOrderForm {...props} /> : null;
}

function PhoneOrderForm({ customerId, addresses }: Props) {
  const id = useId();
  const trade = useTradeAccount(customerId);
  const terms = trade.data?.trade?.onAccount ?? null;
  const place = usePlaceOrderFor(customerId);
  const send = useSendQuote(customerId);

  const preferred = addresses.find((a) => a.isDefault) ?? addresses[0];
  const [addressChoice, setAddressChoice] = useState(preferred ? preferred.id : NEW_ADDRESS);
  const form = useForm<AddressInput>({
    resolver: zodResolver(Address) as never,
    defaultValues: preferred ? asForm(preferred) : BLANK_ADDRESS,
  });
  const [lines, setLines] = useState<PartLine[]>([]);
  const [shippingMethod, setShippingMethod] = useState<string>('standard');
  const [discountCode, setDiscountCode] = useState('');
  // With terms on account the order is charged to it unless staff choose otherwise.
  const [paymentChoice, setPaymentChoice] = useState<PhonePayment | null>(null);
  const payment: PhonePayment = terms ? (paymentChoice ?? 'on_account') : 'unpaid';
  const [validDays, setValidDays] = useState('14');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<Done | null>(null);
  const [copied, setCopied] = useState(false);
  const busy = place.isPending || send.isPending;

  // Only the address's state and country change the price (tax, the zone's methods).
  const [region = '', country = ''] = useWatch({ control: form.control, name: ['region', 'country'] });
  const previewLines = partLinesInput(lines);
  const code = discountCode.trim();
  const previewBody: PhoneOrderPreview | null =
    typeof previewLines === 'string' || !region.trim() || !country.trim()
      ? null
      : {
          lines: previewLines,
          shippingMethod,
          region: region.trim(),
          country: country.trim(),
          ...(code ? { discountCode: code } : {}),
        };
  const preview = usePhoneOrderPreview(customerId, previewBody);
  const priced = lines.length > 0 ? preview.data : undefined;
  // Until the store answers, the flat methods keep the form usable; then the zone's own, priced.
  const offered = priced && priced.shippingOptions.length > 0 ? priced.shippingOptions : null;
  const methodChoices = offered
    ? offered.map((o) => ({ value: o.method, label: `${o.label}, ${priceWords(o.priceCents)}` }))
    : shippingMethods.map((m) => ({ value: m as string, label: METHOD_LABELS[m] ?? m }));

  // A method the zone does not offer cannot be placed: take the first it does. Only on a fresh
  // answer, as kept numbers may be another address's.
  const freshOffer = offered && !preview.isPlaceholderData ? offered : null;
  useEffect(() => {
    const first = freshOffer?.[0];
    if (first && !freshOffer.some((o) => o.method === shippingMethod)) setShippingMethod(first.method);
  }, [freshOffer, shippingMethod]);

  const chooseAddress = (choice: string) => {
    setAddressChoice(choice);
    const saved = addresses.find((a) => a.id === choice);
    form.reset(saved ? asForm(saved) : BLANK_ADDRESS);
  };

  /** The address fields the store found wrong, on their fields. */
  const markAddress = (error: unknown) => {
    if (!(error instanceof ApiError)) return;
    for (const issue of error.issues)
      if (issue.path.startsWith('address.'))
        form.setError(issue.path.slice('address.'.length) as keyof AddressInput, { message: issue.message });
  };

  /** What both actions send: the lines, method, address and code; or the first thing wrong. */
  const common = (address: Address) => {
    const input = partLinesInput(lines);
    if (typeof input === 'string') return input;
    const code = discountCode.trim();
    return { lines: input, shippingMethod, address, ...(code ? { discountCode: code } : {}) };
  };

  const onPlace = form.handleSubmit(async (address) => {
    const base = common(address as Address);
    if (typeof base === 'string') return setProblem(base);
    setProblem(null);
    setDone(null);
    try {
      const order = await place.mutateAsync({ ...base, payment });
      setDone({ kind: 'order', order });
      setLines([]);
      setDiscountCode('');
    } catch (error) {
      markAddress(error);
      setProblem(refusalWords(error, 'The order could not be placed.'));
    }
  });

  const onSendQuote = form.handleSubmit(async (address) => {
    const base = common(address as Address);
    if (typeof base === 'string') return setProblem(base);
    const days = /^\s*\d{1,2}\s*$/.test(validDays) ? Number(validDays) : Number.NaN;
    if (!(days >= 1 && days <= 60)) return setProblem('Give the days the quote holds: 1 to 60.');
    setProblem(null);
    setDone(null);
    setCopied(false);
    try {
      const trimmed = note.trim();
      const sent = await send.mutateAsync({
        ...base,
        validDays: days,
        ...(trimmed ? { note: trimmed } : {}),
      });
      setDone({ kind: 'quote', sent });
      setLines([]);
      setDiscountCode('');
      setNote('');
    } catch (error) {
      markAddress(error);
      setProblem(refusalWords(error, 'The quote could not be sent.'));
    }
  });

  const copy = async (link: string) => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4 rounded-box border border-base-300 p-4">
      <h3 id={`${id}-title`} className="text-lg font-semibold">
        Order for this customer
      </h3>
      <p className="text-sm text-base-content/70">
        Priced at the customer's own prices, taxed as their orders are. Place the order now, or send them a
        quote to accept and pay.
      </p>

      {done?.kind === 'order' ? (
        <div role="status" className="alert alert-success flex flex-wrap" data-testid="phone-order-placed">
          <span>
            Order{' '}
            <Link className="link font-semibold" to={pages.manageOrder.path(done.order._id)}>
              {done.order.number}
            </Link>{' '}
            placed
            {done.order.amounts.onAccountCents !== undefined
              ? ': charged to the customer\u2019s account.'
              : ': it waits for the customer to pay by card.'}
          </span>
        </div>
      ) : null}
      {done?.kind === 'quote' ? (
        <div role="status" className="alert alert-success block space-y-2" data-testid="quote-sent">
          <p className="font-semibold">Quote sent</p>
          <p className="text-sm">
            The customer was mailed this link; it holds until the quote expires. Copy it to send it another
            way.
          </p>
          <div className="flex w-full flex-wrap items-end gap-2">
            <label className="fieldset min-w-0 flex-1 basis-60">
              <span className="fieldset-legend">Quote link</span>
              <input
                className="input w-full font-mono text-xs text-base-content"
                readOnly
                value={absolute(done.sent.link)}
                onFocus={(e) => e.target.select()}
              />
            </label>
            <button
              type="button"
              className="btn btn-sm mb-1"
              onClick={() => void copy(absolute(done.sent.link))}
            >
              Copy link
            </button>
          </div>
          {copied ? <p className="text-sm">Copied.</p> : null}
        </div>
      ) : null}

      <form
        aria-label="Order for this customer"
        className="space-y-4"
        noValidate
        onSubmit={(e) => e.preventDefault()}
      >
        <PartLinesField value={lines} onChange={setLines} disabled={busy} />

        <fieldset className="min-w-0 space-y-2" disabled={busy}>
          <legend className="font-medium">Shipping</legend>
          <div className="grid gap-x-4 sm:grid-cols-2">
            <SelectField
              label="Shipping method"
              value={shippingMethod}
              onChange={(e) => setShippingMethod(e.target.value)}
            >
              {methodChoices.map((m) => (
                <option key={m.value} value={m.value}>
                  {m.label}
                </option>
              ))}
            </SelectField>
            <TextField
              label="Discount code (optional)"
              autoComplete="off"
              value={discountCode}
              onChange={(e) => setDiscountCode(e.target.value)}
            />
          </div>
          {addresses.length > 0 ? (
            <SavedAddressChoice addresses={addresses} value={addressChoice} onChange={chooseAddress} />
          ) : null}
          <AddressFields register={form.register} errors={form.formState.errors} />
        </fieldset>

        {lines.length > 0 ? (
          <section aria-labelledby={`${id}-price`} className="min-w-0 space-y-2 rounded-box bg-base-200 p-3">
            <h4 id={`${id}-price`} className="font-medium">
              Price for this customer
            </h4>
            <p role="status" className="text-sm text-base-content/70">
              {previewBody === null
                ? typeof previewLines === 'string'
                  ? previewLines
                  : 'Give the address\u2019s state and country to price the order.'
                : !preview.isError && (preview.isFetching || !priced)
                  ? 'Pricing\u2026'
                  : ''}
            </p>
            {previewBody !== null && preview.isError ? (
              <p role="alert" className="alert alert-error text-sm">
                {refusalWords(preview.error, 'The order could not be priced.')}
              </p>
            ) : null}
            {priced && previewBody !== null && !preview.isError ? (
              <>
                <ul className="space-y-1 text-sm" aria-label="Priced parts">
                  {priced.lines.map((line) => (
                    <li key={line.productId} className="flex flex-wrap justify-between gap-x-4">
                      <span className="min-w-0 break-words">
                        {line.name}: {line.quantity} × {formatCents(line.unitPriceCents)}
                      </span>
                      <span className="tabular-nums">{formatCents(line.lineTotalCents)}</span>
                      {line.problem ? <span className="w-full text-error">{line.problem}</span> : null}
                    </li>
                  ))}
                </ul>
                {priced.shippingProblem ? (
                  <p className="alert alert-warning text-sm" data-testid="shipping-problem">
                    {priced.shippingProblem}
                  </p>
                ) : null}
                <OrderSummary totals={priced.totals} discount={priced.discount} />
                {code && priced.codeVerdict ? (
                  <p className="text-sm" data-testid="code-verdict">
                    {priced.codeVerdict.message}
                  </p>
                ) : null}
              </>
            ) : null}
          </section>
        ) : null}

        <FormError message={problem} />

        <div className="grid gap-4 md:grid-cols-2">
          <fieldset className="min-w-0 space-y-2 rounded-box bg-base-200 p-3" disabled={busy}>
            <legend className="font-medium">Place order</legend>
            <fieldset className="space-y-1">
              <legend className="text-sm">Payment</legend>
              {terms ? (
                <label className="flex cursor-pointer items-center gap-2">
                  <input
                    type="radio"
                    className="radio radio-sm"
                    name={`${id}-payment`}
                    checked={payment === 'on_account'}
                    onChange={() => setPaymentChoice('on_account')}
                  />
                  <span>Charge to account</span>
                </label>
              ) : null}
              <label className="flex cursor-pointer items-center gap-2">
                <input
                  type="radio"
                  className="radio radio-sm"
                  name={`${id}-payment`}
                  checked={payment === 'unpaid'}
                  onChange={() => setPaymentChoice('unpaid')}
                />
                <span>Customer pays by card</span>
              </label>
              {terms ? null : (
                <p className="text-xs text-base-content/70">
                  No terms on account: the order waits for the customer to pay by card.
                </p>
              )}
            </fieldset>
            <button type="button" className="btn btn-primary" onClick={() => void onPlace()}>
              {place.isPending ? (
                <span className="loading loading-spinner loading-sm" aria-hidden="true" />
              ) : null}
              Place order
            </button>
          </fieldset>

          <fieldset className="min-w-0 space-y-2 rounded-box bg-base-200 p-3" disabled={busy}>
            <legend className="font-medium">Send quote</legend>
            <TextField
              label="Valid for (days)"
              inputMode="numeric"
              className="w-24"
              value={validDays}
              onChange={(e) => setValidDays(e.target.value)}
            />
            <TextAreaField
              label="Note to the customer (optional)"
              rows={2}
              maxLength={1000}
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
            <button type="button" className="btn" onClick={() => void onSendQuote()}>
              {send.isPending ? (
                <span className="loading loading-spinner loading-sm" aria-hidden="true" />
              ) : null}
              Send quote
            </button>
          </fieldset>
        </div>
      </form>
    </section>
  );
}
