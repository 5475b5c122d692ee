import { percentText } from '@contract/discounts';
import type { FieldIssue } from '@contract/errors';
import { formatCents, percentToBasisPoints, readMoney } from '@contract/money';
import { DISCOUNT_RULE_LABELS, type DiscountRule, discountRules, type PriceList } from '@contract/trade';
import { useCategories } from '@web/shared/catalog/get-categories';
import { ProductFinder } from '@web/shared/catalog/product-finder';
import { useId } from 'react';

/**
 * A price list as a form (decisions 095, 101, 102): the percent off list, percents by category,
 * net prices, quantity breaks and how a discount meets them. A trade account's own list and a
 * customer group's list are edited by the same fields.
 */

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

/** Where the store's words about the quantity breaks are (`priceList.quantityBreaks` or one break's field). */
export const BREAKS = 'priceList.quantityBreaks';

export interface PriceListForm {
  percentOff: string;
  /** `row` keeps each row's identity while its category is being chosen. */
  categories: { row: number; categorySlug: string; percent: string }[];
  netPrices: { productId: string; name: string; price: string }[];
  /** A product may have several breaks (10 and 50 units), so `row` names each. */
  quantityBreaks: { row: number; productId: string; name: string; minQuantity: string; price: string }[];
  discountRule: DiscountRule;
}

/** A list as the form shows it: percents without "%", prices in dollars. */
export const priceListFormOf = (
  list: PriceList | null | undefined,
  names: Map<string, string>,
): PriceListForm => ({
  percentOff: list ? percentText(list.percentOffBasisPoints).replace('%', '') : '0',
  categories: (list?.categories ?? []).map((c, row) => ({
    row,
    categorySlug: c.categorySlug,
    percent: percentText(c.basisPoints).replace('%', ''),
  })),
  netPrices: (list?.netPrices ?? []).map((n) => ({
    productId: n.productId,
    name: names.get(n.productId) ?? 'A product',
    price: formatCents(n.priceCents).replace('$', ''),
  })),
  quantityBreaks: (list?.quantityBreaks ?? []).map((b, row) => ({
    row,
    productId: b.productId,
    name: names.get(b.productId) ?? 'A product',
    minQuantity: String(b.minQuantity),
    price: formatCents(b.priceCents).replace('$', ''),
  })),
  discountRule: list?.discountRule ?? 'stack',
});

/** The form as the store's price list, or the first thing wrong with it in words. */
export function priceListOf(form: PriceListForm): PriceList | string {
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
    percentOffBasisPoints: percentOff,
    categories,
    netPrices,
    quantityBreaks,
    discountRule: form.discountRule,
  };
}

/** A price list's terms as rows of a `dl` (the caller's). */
export function PriceListRows({ list, names }: { list: PriceList; names: Map<string, string> }) {
  return (
    <>
      <dt className="font-medium">Off list price</dt>
      <dd>{percentText(list.percentOffBasisPoints)}</dd>
      {list.categories.map((c) => (
        <div key={c.categorySlug} className="contents">
          <dt className="font-medium">Category {c.categorySlug}</dt>
          <dd>{percentText(c.basisPoints)} off</dd>
        </div>
      ))}
      {list.netPrices.map((n) => (
        <div key={n.productId} className="contents">
          <dt className="font-medium break-all">{names.get(n.productId) ?? 'Net price'}</dt>
          <dd>{formatCents(n.priceCents)} net</dd>
        </div>
      ))}
      {(list.quantityBreaks ?? []).map((b) => (
        <div key={`${b.productId}-${b.minQuantity}`} className="contents">
          <dt className="font-medium break-all">
            {names.get(b.productId) ?? 'A product'} from {b.minQuantity} units
          </dt>
          <dd>{formatCents(b.priceCents)} each</dd>
        </div>
      ))}
      <dt className="font-medium">With a discount</dt>
      <dd>{DISCOUNT_RULE_LABELS[list.discountRule ?? 'stack']}</dd>
    </>
  );
}

/**
 * The fields of a price list, inside the caller's form. `onChange` takes the fields that
 * changed; `onName` learns the name of each product picked, so summaries can name it.
 */
export function PriceListFields({
  value: form,
  onChange: edit,
  onName,
  breakIssues,
  onBreakIssuesClear,
}: {
  value: PriceListForm;
  onChange: (change: Partial<PriceListForm>) => void;
  onName: (productId: string, name: string) => void;
  breakIssues: FieldIssue[];
  onBreakIssuesClear: () => void;
}) {
  const categories = useCategories();
  const id = useId();
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-x-4">
        <label className="fieldset max-w-xs">
          <span className="fieldset-legend">Percent off list price</span>
          <input
            className="input"
            inputMode="decimal"
            value={form.percentOff}
            onChange={(e) => edit({ percentOff: e.target.value })}
          />
        </label>
        <div className="fieldset max-w-full">
          <label htmlFor={`${id}-rule`} className="fieldset-legend">
            When a discount is used
          </label>
          <select
            id={`${id}-rule`}
            className="select max-w-full"
            value={form.discountRule}
            onChange={(e) => edit({ discountRule: e.target.value as DiscountRule })}
          >
            {discountRules.map((rule) => (
              <option key={rule} value={rule}>
                {DISCOUNT_RULE_LABELS[rule]}
              </option>
            ))}
          </select>
        </div>
      </div>

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
            onName(p._id, p.name);
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
                  onBreakIssuesClear();
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
            onName(p._id, p.name);
            onBreakIssuesClear();
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
    </div>
  );
}

/** Splits the store's refusal into the words about the breaks and the rest. */
export function splitBreakIssues(issues: FieldIssue[]) {
  const ofBreaks = issues.filter((i) => i.path === BREAKS || i.path.startsWith(`${BREAKS}.`));
  return { ofBreaks, others: issues.filter((i) => !ofBreaks.includes(i)) };
}
