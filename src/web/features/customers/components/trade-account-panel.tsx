import { percentText } from '@contract/discounts';
import type { FieldIssue } from '@contract/errors';
import { formatCents, percentToBasisPoints, readMoney } from '@contract/money';
import type { TradeAccount, TradeAccountInput } from '@contract/trade';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { FormError, SubmitButton } from '@web/components/ui/submit-button';
import { ApiError } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { useCategories } from '@web/shared/catalog/get-categories';
import { ProductFinder } from '@web/shared/catalog/product-finder';
import { type FormEvent, useId, useState } from 'react';
import { useCloseTradeAccount, useSaveTradeAccount, useTradeAccount } from '../api/trade-calls';

/** "10" or "12.5" (a "%" allowed) as basis points; undefined when it is no such percent. */
function readPercent(text: string): number | undefined {
  const match = /^\s*(\d{1,2}(?:\.\d{1,2})?)\s*%?\s*$/.exec(text);
  return match ? percentToBasisPoints(Number(match[1])) : undefined;
}

/** "10" as a whole number of units; undefined when it is no such number. */
function readUnits(text: string): number | undefined {
  const match = /^\s*(\d{1,6})\s*$/.exec(text);
  return match ? Number(match[1]) : undefined;
}

const BREAKS = 'priceList.quantityBreaks';

interface Form {
  percentOff: string;
  /** `row` keeps each row's identity while its category is being chosen. */
  categories: { row: number; categorySlug: string; percent: string }[];
  netPrices: { productId: string; name: string; price: string }[];
  /** A product may have several breaks (10 and 50 units), so `row` names each. */
  quantityBreaks: { row: number; productId: string; name: string; minQuantity: string; price: string }[];
  holdsCertificate: boolean;
  number: string;
  states: string;
  expiresOn: string;
}

const formOf = (trade: TradeAccount | null, names: Map<string, string>): Form => ({
  percentOff: trade ? percentText(trade.priceList.percentOffBasisPoints).replace('%', '') : '0',
  categories: (trade?.priceList.categories ?? []).map((c, row) => ({
    row,
    categorySlug: c.categorySlug,
    percent: percentText(c.basisPoints).replace('%', ''),
  })),
  netPrices: (trade?.priceList.netPrices ?? []).map((n) => ({
    productId: n.productId,
    name: names.get(n.productId) ?? 'A product',
    price: formatCents(n.priceCents).replace('$', ''),
  })),
  quantityBreaks: (trade?.priceList.quantityBreaks ?? []).map((b, row) => ({
    row,
    productId: b.productId,
    name: names.get(b.productId) ?? 'A product',
    minQuantity: String(b.minQuantity),
    price: formatCents(b.priceCents).replace('$', ''),
  })),
  holdsCertificate: Boolean(trade?.certificate),
  number: trade?.certificate?.number ?? '',
  states: trade?.certificate?.states.join(', ') ?? '',
  expiresOn: trade?.certificate?.expiresOn ?? '',
});

/** The form as the store's input, or the first thing wrong with it in words. */
function inputOf(form: Form): TradeAccountInput | string {
  const percentOff = readPercent(form.percentOff);
  if (percentOff === undefined) return 'Enter the percent off list as a number, like 10 or 12.5.';
  const categories = [];
  for (const c of form.categories) {
    const basisPoints = readPercent(c.percent);
    if (!c.categorySlug) return 'Choose a category for each category percent.';
    if (basisPoints === undefined) return 'Enter each category percent as a number, like 10 or 12.5.';
    categories.push({ categorySlug: c.categorySlug, basisPoints });
  }
  const netPrices = [];
  for (const n of form.netPrices) {
    const priceCents = readMoney(n.price);
    if (priceCents === undefined || priceCents < 1) return `Enter the net price of ${n.name}, like 12.50.`;
    netPrices.push({ productId: n.productId, priceCents });
  }
  const quantityBreaks = [];
  for (const b of form.quantityBreaks) {
    const minQuantity = readUnits(b.minQuantity);
    if (minQuantity === undefined || minQuantity < 2)
      return `Enter the units a break of ${b.name} starts from as a whole number of 2 or more.`;
    const priceCents = readMoney(b.price);
    if (priceCents === undefined || priceCents < 1)
      return `Enter the price of ${b.name} from ${minQuantity} units, like 12.50.`;
    quantityBreaks.push({ productId: b.productId, minQuantity, priceCents });
  }
  return {
    priceList: { percentOffBasisPoints: percentOff, categories, netPrices, quantityBreaks },
    certificate: form.holdsCertificate
      ? {
          number: form.number.trim(),
          states: form.states
            .split(/[\s,]+/)
            .filter(Boolean)
            .map((s) => s.toUpperCase()),
          expiresOn: form.expiresOn,
        }
      : null,
  };
}

/** What a trade account's terms say, in a few lines. */
function TradeSummary({ trade, names }: { trade: TradeAccount; names: Map<string, string> }) {
  const { priceList, certificate } = trade;
  return (
    <dl className="grid gap-1 text-sm sm:grid-cols-[12rem_1fr]" data-testid="trade-summary">
      <dt className="font-medium">Off list price</dt>
      <dd>{percentText(priceList.percentOffBasisPoints)}</dd>
      {priceList.categories.map((c) => (
        <div key={c.categorySlug} className="contents">
          <dt className="font-medium">Category {c.categorySlug}</dt>
          <dd>{percentText(c.basisPoints)} off</dd>
        </div>
      ))}
      {priceList.netPrices.map((n) => (
        <div key={n.productId} className="contents">
          <dt className="font-medium break-all">{names.get(n.productId) ?? 'Net price'}</dt>
          <dd>{formatCents(n.priceCents)} net</dd>
        </div>
      ))}
      {(priceList.quantityBreaks ?? []).map((b) => (
        <div key={`${b.productId}-${b.minQuantity}`} className="contents">
          <dt className="font-medium break-all">
            {names.get(b.productId) ?? 'A product'} from {b.minQuantity} units
          </dt>
          <dd>{formatCents(b.priceCents)} each</dd>
        </div>
      ))}
      <dt className="font-medium">Tax exemption</dt>
      <dd>
        {certificate
          ? `Certificate ${certificate.number}, ${certificate.states.join(', ')}, until ${certificate.expiresOn}`
          : 'None: taxed as anyone'}
      </dd>
    </dl>
  );
}

/**
 * A customer's trade terms on their page (managers and the owner): retail, or a trade account's
 * price list and resale certificate, with a form to set them and a confirmed way to end them.
 * The store checks and prices everything; this only sends what was typed.
 */
export function TradeAccountPanel({ customerId }: { customerId: string }) {
  const trade = useTradeAccount(customerId);
  const save = useSaveTradeAccount(customerId);
  const close = useCloseTradeAccount(customerId);
  const categories = useCategories();
  const [form, setForm] = useState<Form | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // The store's words about the quantity breaks (`priceList.quantityBreaks` or one break's field).
  const [breakIssues, setBreakIssues] = useState<FieldIssue[]>([]);
  const [confirming, setConfirming] = useState(false);
  // Names of the products given net prices or breaks here, so the summary names them.
  const [names, setNames] = useState(() => new Map<string, string>());
  const id = useId();

  const edit = (change: Partial<Form>) => setForm((f) => (f ? { ...f, ...change } : f));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form) return;
    const input = inputOf(form);
    if (typeof input === 'string') {
      setProblem(input);
      return;
    }
    setProblem(null);
    setBreakIssues([]);
    try {
      await save.mutateAsync(input);
      toast.success('Trade terms saved');
      setForm(null);
    } catch (error) {
      const issues = error instanceof ApiError ? error.issues : [];
      const ofBreaks = issues.filter((i) => i.path === BREAKS || i.path.startsWith(`${BREAKS}.`));
      const others = issues.filter((i) => !ofBreaks.includes(i));
      setBreakIssues(ofBreaks);
      setProblem(
        others.length > 0
          ? others.map((i) => i.message).join(' ')
          : ofBreaks.length > 0
            ? null
            : error instanceof Error
              ? error.message
              : 'The terms could not be saved.',
      );
    }
  };

  const current = trade.data?.trade ?? null;
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3 rounded-box border border-base-300 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${id}-title`} className="text-lg font-semibold">
          Trade account
        </h3>
        {current ? <span className="badge badge-primary">Trade</span> : null}
      </div>
      {trade.isPending ? (
        <p role="status">Loading trade terms…</p>
      ) : trade.isError ? (
        <p role="alert">The trade terms could not be loaded. Reload the page to try again.</p>
      ) : form === null ? (
        <>
          {current ? (
            <TradeSummary trade={current} names={names} />
          ) : (
            <p className="text-base-content/70">Retail: buys at list prices and pays sales tax.</p>
          )}
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn btn-sm" onClick={() => setForm(formOf(current, names))}>
              {current ? 'Change trade terms' : 'Make a trade account'}
            </button>
            {current ? (
              <button
                type="button"
                className="btn btn-sm btn-ghost text-error"
                onClick={() => setConfirming(true)}
              >
                End trade account
              </button>
            ) : null}
          </div>
        </>
      ) : (
        <form aria-label="Trade terms" className="space-y-4" onSubmit={onSubmit} noValidate>
          <label className="fieldset max-w-xs">
            <span className="fieldset-legend">Percent off list price</span>
            <input
              className="input"
              inputMode="decimal"
              value={form.percentOff}
              onChange={(e) => edit({ percentOff: e.target.value })}
            />
          </label>

          <fieldset className="space-y-2">
            <legend className="font-medium">Percent off by category</legend>
            {form.categories.map((c, index) => (
              <div key={c.row} className="flex flex-wrap items-end gap-2">
                <label className="fieldset">
                  <span className="fieldset-legend">Category</span>
                  <select
                    className="select"
                    value={c.categorySlug}
                    onChange={(e) =>
                      edit({
                        categories: form.categories.map((x, i) =>
                          i === index ? { ...x, categorySlug: e.target.value } : x,
                        ),
                      })
                    }
                  >
                    <option value="">Choose…</option>
                    {(categories.data ?? []).map((cat) => (
                      <option key={cat.slug} value={cat.slug}>
                        {cat.name}
                      </option>
                    ))}
                  </select>
                </label>
                <label className="fieldset w-28">
                  <span className="fieldset-legend">Percent</span>
                  <input
                    className="input"
                    inputMode="decimal"
                    value={c.percent}
                    onChange={(e) =>
                      edit({
                        categories: form.categories.map((x, i) =>
                          i === index ? { ...x, percent: e.target.value } : x,
                        ),
                      })
                    }
                  />
                </label>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  aria-label={`Remove category percent ${index + 1}`}
                  onClick={() => edit({ categories: form.categories.filter((_, i) => i !== index) })}
                >
                  Remove
                </button>
              </div>
            ))}
            <button
              type="button"
              className="btn btn-sm"
              onClick={() =>
                edit({
                  categories: [
                    ...form.categories,
                    {
                      row: Math.max(-1, ...form.categories.map((c) => c.row)) + 1,
                      categorySlug: '',
                      percent: '',
                    },
                  ],
                })
              }
            >
              Add a category percent
            </button>
          </fieldset>

          <fieldset className="space-y-2">
            <legend className="font-medium">Net prices</legend>
            {form.netPrices.map((n, index) => (
              <div key={n.productId} className="flex flex-wrap items-end gap-2">
                <label className="fieldset">
                  <span className="fieldset-legend break-all">Net price of {n.name} ($)</span>
                  <input
                    className="input w-32"
                    inputMode="decimal"
                    value={n.price}
                    onChange={(e) =>
                      edit({
                        netPrices: form.netPrices.map((x, i) =>
                          i === index ? { ...x, price: e.target.value } : x,
                        ),
                      })
                    }
                  />
                </label>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  aria-label={`Remove the net price of ${n.name}`}
                  onClick={() => edit({ netPrices: form.netPrices.filter((_, i) => i !== index) })}
                >
                  Remove
                </button>
              </div>
            ))}
            <ProductFinder
              taken={form.netPrices.map((n) => n.productId)}
              onPick={(p) => {
                setNames((m) => new Map(m).set(p._id, p.name));
                edit({ netPrices: [...form.netPrices, { productId: p._id, name: p.name, price: '' }] });
              }}
            />
          </fieldset>

          <fieldset className="space-y-2">
            <legend className="font-medium">Quantity breaks</legend>
            {breakIssues
              .filter((i) => !/^priceList\.quantityBreaks\.\d+/.test(i.path))
              .map((i) => (
                <p key={i.path + i.message} role="alert" className="text-sm text-error">
                  {i.message}
                </p>
              ))}
            {form.quantityBreaks.map((b, index) => (
              <div key={b.row} className="space-y-1" data-testid="quantity-break">
                <div className="flex flex-wrap items-end gap-2">
                  <span className="mb-3 font-medium break-all">{b.name}</span>
                  <label className="fieldset w-28">
                    <span className="fieldset-legend">From (units)</span>
                    <input
                      className="input"
                      inputMode="numeric"
                      value={b.minQuantity}
                      onChange={(e) =>
                        edit({
                          quantityBreaks: form.quantityBreaks.map((x, i) =>
                            i === index ? { ...x, minQuantity: e.target.value } : x,
                          ),
                        })
                      }
                    />
                  </label>
                  <label className="fieldset w-32">
                    <span className="fieldset-legend">Price each ($)</span>
                    <input
                      className="input"
                      inputMode="decimal"
                      value={b.price}
                      onChange={(e) =>
                        edit({
                          quantityBreaks: form.quantityBreaks.map((x, i) =>
                            i === index ? { ...x, price: e.target.value } : x,
                          ),
                        })
                      }
                    />
                  </label>
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    aria-label={`Remove the break of ${b.name} from ${b.minQuantity || '?'} units`}
                    onClick={() => {
                      setBreakIssues([]);
                      edit({ quantityBreaks: form.quantityBreaks.filter((_, i) => i !== index) });
                    }}
                  >
                    Remove
                  </button>
                </div>
                {breakIssues
                  .filter((i) => i.path === `${BREAKS}.${index}` || i.path.startsWith(`${BREAKS}.${index}.`))
                  .map((i) => (
                    <p key={i.path + i.message} role="alert" className="text-sm text-error">
                      {i.message}
                    </p>
                  ))}
              </div>
            ))}
            <ProductFinder
              label="Find a product for a break"
              onPick={(p) => {
                setNames((m) => new Map(m).set(p._id, p.name));
                setBreakIssues([]);
                edit({
                  quantityBreaks: [
                    ...form.quantityBreaks,
                    {
                      row: Math.max(-1, ...form.quantityBreaks.map((b) => b.row)) + 1,
                      productId: p._id,
                      name: p.name,
                      minQuantity: '',
                      price: '',
                    },
                  ],
                });
              }}
            />
          </fieldset>

          <fieldset className="space-y-2">
            <legend className="font-medium">Resale certificate</legend>
            <label className="flex items-center gap-2">
              <input
                type="checkbox"
                className="checkbox"
                checked={form.holdsCertificate}
                onChange={(e) => edit({ holdsCertificate: e.target.checked })}
              />
              <span>Holds a tax exemption certificate</span>
            </label>
            {form.holdsCertificate ? (
              <div className="grid gap-2 sm:grid-cols-3">
                <label className="fieldset">
                  <span className="fieldset-legend">Certificate number</span>
                  <input
                    className="input"
                    value={form.number}
                    onChange={(e) => edit({ number: e.target.value })}
                  />
                </label>
                <label className="fieldset">
                  <span className="fieldset-legend">States (like MI, OH)</span>
                  <input
                    className="input"
                    value={form.states}
                    onChange={(e) => edit({ states: e.target.value })}
                  />
                </label>
                <label className="fieldset">
                  <span className="fieldset-legend">Expires on</span>
                  <input
                    className="input"
                    type="date"
                    value={form.expiresOn}
                    onChange={(e) => edit({ expiresOn: e.target.value })}
                  />
                </label>
              </div>
            ) : null}
          </fieldset>

          <FormError message={problem} />
          <div className="flex flex-wrap gap-2">
            <SubmitButton busy={save.isPending}>Save trade terms</SubmitButton>
            <button
              type="button"
              className="btn btn-ghost"
              onClick={() => {
                setForm(null);
                setProblem(null);
                setBreakIssues([]);
              }}
            >
              Cancel
            </button>
          </div>
        </form>
      )}
      <ConfirmDialog
        open={confirming}
        title="End this trade account?"
        confirmLabel="End trade account"
        busy={close.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          close.mutate(undefined, {
            onSuccess: () => toast.success('The account buys at list prices again'),
            onError: (error) => toast.error(error.message),
            onSettled: () => setConfirming(false),
          })
        }
      >
        <p>
          From now on this customer buys at list prices and pays sales tax. Past orders keep their prices.
        </p>
      </ConfirmDialog>
    </section>
  );
}
