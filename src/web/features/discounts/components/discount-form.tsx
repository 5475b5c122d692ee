import type { Category } from '@contract/catalog';
import type { Brand } from '@contract/catalog-admin';
import {
  type Discount,
  DiscountInput,
  type DiscountKind,
  type DiscountScope,
  percentText,
} from '@contract/discounts';
import { formatCents, readMoney } from '@contract/money';
import { ApiError } from '@web/lib/api-client';
import { type FormEvent, useId, useState } from 'react';

/** "10" or "12.5" percent as basis points, without float arithmetic. */
function percentToBasisPoints(text: string): number | undefined {
  const match = /^\s*(\d{1,3})(?:\.(\d{1,2}))?\s*%?\s*$/.exec(text);
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** An ISO time as the value of a datetime-local box (the browser's own time zone), and back. */
const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : null);

const limitOf = (text: string) => (text.trim() === '' ? null : Number(text));

interface Fields {
  automatic: boolean;
  code: string;
  name: string;
  kind: DiscountKind;
  amount: string;
  appliesTo: DiscountScope;
  categorySlugs: string[];
  brandNames: string[];
  minimum: string;
  freeShipping: boolean;
  startsAt: string;
  endsAt: string;
  usageLimit: string;
  perCustomerLimit: string;
}

export const blankDiscount: Fields = {
  automatic: false,
  code: '',
  name: '',
  kind: 'percent',
  amount: '',
  appliesTo: 'order',
  categorySlugs: [],
  brandNames: [],
  minimum: '',
  freeShipping: false,
  startsAt: '',
  endsAt: '',
  usageLimit: '',
  perCustomerLimit: '',
};

export function fieldsOf(d: Discount): Fields {
  return {
    automatic: d.automatic,
    code: d.code ?? '',
    name: d.name,
    kind: d.kind,
    amount:
      d.value === 0
        ? ''
        : d.kind === 'percent'
          ? percentText(d.value).replace('%', '')
          : formatCents(d.value).slice(1).replaceAll(',', ''),
    appliesTo: d.appliesTo,
    categorySlugs: d.categorySlugs,
    brandNames: d.brandNames,
    minimum: d.minSubtotalCents === 0 ? '' : formatCents(d.minSubtotalCents).slice(1).replaceAll(',', ''),
    freeShipping: d.freeShipping,
    startsAt: toLocalInput(d.startsAt),
    endsAt: toLocalInput(d.endsAt),
    usageLimit: d.usageLimit === null ? '' : String(d.usageLimit),
    perCustomerLimit: d.perCustomerLimit === null ? '' : String(d.perCustomerLimit),
  };
}

/** The form's words to the request, or the first thing wrong with them. */
function toInput(f: Fields): { input: DiscountInput } | { problem: string } {
  const value =
    f.amount.trim() === '' ? 0 : f.kind === 'percent' ? percentToBasisPoints(f.amount) : readMoney(f.amount);
  if (value === undefined)
    return {
      problem:
        f.kind === 'percent'
          ? 'Enter the percent as a number, like 10 or 12.5'
          : 'Enter the amount as dollars, like 5.00',
    };
  const minimum = f.minimum.trim() === '' ? 0 : readMoney(f.minimum);
  if (minimum === undefined) return { problem: 'Enter the minimum subtotal as dollars, like 50.00' };
  const input: DiscountInput = {
    code: f.automatic ? null : f.code,
    name: f.name,
    kind: f.kind,
    value,
    appliesTo: f.appliesTo,
    categorySlugs: f.appliesTo === 'categories' ? f.categorySlugs : [],
    brandNames: f.appliesTo === 'brands' ? f.brandNames : [],
    minSubtotalCents: minimum,
    freeShipping: f.freeShipping,
    ...(f.startsAt ? { startsAt: fromLocalInput(f.startsAt) as string } : {}),
    endsAt: fromLocalInput(f.endsAt),
    usageLimit: limitOf(f.usageLimit),
    perCustomerLimit: limitOf(f.perCustomerLimit),
  };
  const parsed = DiscountInput.safeParse(input);
  if (!parsed.success) return { problem: parsed.error.issues[0]?.message ?? 'Check the discount' };
  return { input };
}

function Choices({
  legend,
  options,
  chosen,
  onChange,
}: {
  legend: string;
  options: { value: string; label: string }[];
  chosen: string[];
  onChange: (next: string[]) => void;
}) {
  return (
    <fieldset className="fieldset sm:col-span-2">
      <legend className="fieldset-legend">{legend}</legend>
      <div className="flex max-h-48 flex-wrap gap-x-4 gap-y-1 overflow-y-auto">
        {options.map((o) => (
          <label key={o.value} className="label cursor-pointer gap-2 text-base-content">
            <input
              type="checkbox"
              className="checkbox checkbox-sm"
              checked={chosen.includes(o.value)}
              onChange={(e) =>
                onChange(e.target.checked ? [...chosen, o.value] : chosen.filter((c) => c !== o.value))
              }
            />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Create or change one discount. Nothing typed is lost when the store refuses it: the reason shows beside. */
export function DiscountForm({
  initial,
  label,
  categories,
  brands,
  onSave,
  onCancel,
}: {
  initial: Fields;
  label: string;
  categories: Category[];
  brands: Brand[];
  onSave: (input: DiscountInput) => Promise<void>;
  onCancel?: () => void;
}) {
  const [f, setF] = useState<Fields>(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const set = <K extends keyof Fields>(key: K, value: Fields[K]) => setF((was) => ({ ...was, [key]: value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const made = toInput(f);
    if ('problem' in made) return setProblem(made.problem);
    setProblem(null);
    setBusy(true);
    try {
      await onSave(made.input);
    } catch (e) {
      setProblem(
        e instanceof ApiError && e.issues[0]
          ? e.issues[0].message
          : e instanceof Error
            ? e.message
            : 'Could not save.',
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      aria-label={label}
      className="grid gap-x-4 sm:grid-cols-2"
    >
      <fieldset className="fieldset sm:col-span-2">
        <legend className="fieldset-legend">How buyers get it</legend>
        <div className="flex flex-wrap gap-4">
          <label className="label cursor-pointer gap-2 text-base-content">
            <input
              type="radio"
              className="radio radio-sm"
              name={`${id}-how`}
              checked={!f.automatic}
              onChange={() => set('automatic', false)}
            />
            With a code
          </label>
          <label className="label cursor-pointer gap-2 text-base-content">
            <input
              type="radio"
              className="radio radio-sm"
              name={`${id}-how`}
              checked={f.automatic}
              onChange={() => set('automatic', true)}
            />
            Automatically
          </label>
        </div>
      </fieldset>
      {f.automatic ? null : (
        <label className="fieldset">
          <span className="fieldset-legend">Code</span>
          <input
            className="input input-sm w-full uppercase"
            maxLength={32}
            value={f.code}
            autoComplete="off"
            onChange={(e) => set('code', e.target.value)}
          />
        </label>
      )}
      <label className="fieldset">
        <span className="fieldset-legend">Name buyers read</span>
        <input
          className="input input-sm w-full"
          maxLength={80}
          value={f.name}
          onChange={(e) => set('name', e.target.value)}
        />
      </label>
      <div className="fieldset">
        <label htmlFor={`${id}-kind`} className="fieldset-legend">
          Type
        </label>
        <select
          id={`${id}-kind`}
          className="select select-sm w-full"
          value={f.kind}
          onChange={(e) => set('kind', e.target.value as DiscountKind)}
        >
          <option value="percent">Percent off</option>
          <option value="fixed">Amount off ($)</option>
        </select>
      </div>
      <label className="fieldset">
        <span className="fieldset-legend">{f.kind === 'percent' ? 'Percent' : 'Amount ($)'}</span>
        <input
          className="input input-sm w-full"
          inputMode="decimal"
          value={f.amount}
          onChange={(e) => set('amount', e.target.value)}
        />
      </label>
      <div className="fieldset">
        <label htmlFor={`${id}-scope`} className="fieldset-legend">
          Applies to
        </label>
        <select
          id={`${id}-scope`}
          className="select select-sm w-full"
          value={f.appliesTo}
          onChange={(e) => set('appliesTo', e.target.value as DiscountScope)}
        >
          <option value="order">The whole order</option>
          <option value="categories">Parts of some categories</option>
          <option value="brands">Parts of some brands</option>
        </select>
      </div>
      <label className="fieldset">
        <span className="fieldset-legend">Minimum subtotal ($, optional)</span>
        <input
          className="input input-sm w-full"
          inputMode="decimal"
          value={f.minimum}
          onChange={(e) => set('minimum', e.target.value)}
        />
      </label>
      {f.appliesTo === 'categories' ? (
        <Choices
          legend="Categories (a parent category takes in its own)"
          options={categories.map((c) => ({ value: c.slug, label: c.name }))}
          chosen={f.categorySlugs}
          onChange={(next) => set('categorySlugs', next)}
        />
      ) : null}
      {f.appliesTo === 'brands' ? (
        <Choices
          legend="Brands"
          options={brands.map((b) => ({ value: b.name, label: b.name }))}
          chosen={f.brandNames}
          onChange={(next) => set('brandNames', next)}
        />
      ) : null}
      <label className="label cursor-pointer gap-2 py-2 text-base-content sm:col-span-2">
        <input
          type="checkbox"
          className="checkbox checkbox-sm"
          checked={f.freeShipping}
          onChange={(e) => set('freeShipping', e.target.checked)}
        />
        Free shipping too
      </label>
      <label className="fieldset">
        <span className="fieldset-legend">Starts (empty: now)</span>
        <input
          type="datetime-local"
          className="input input-sm w-full"
          value={f.startsAt}
          onChange={(e) => set('startsAt', e.target.value)}
        />
      </label>
      <label className="fieldset">
        <span className="fieldset-legend">Ends (optional)</span>
        <input
          type="datetime-local"
          className="input input-sm w-full"
          value={f.endsAt}
          onChange={(e) => set('endsAt', e.target.value)}
        />
      </label>
      <label className="fieldset">
        <span className="fieldset-legend">Uses in total (optional)</span>
        <input
          className="input input-sm w-full"
          inputMode="numeric"
          value={f.usageLimit}
          onChange={(e) => set('usageLimit', e.target.value)}
        />
      </label>
      <label className="fieldset">
        <span className="fieldset-legend">Uses per customer (optional)</span>
        <input
          className="input input-sm w-full"
          inputMode="numeric"
          value={f.perCustomerLimit}
          onChange={(e) => set('perCustomerLimit', e.target.value)}
        />
      </label>
      {problem ? (
        <p className="text-error text-sm sm:col-span-2" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2 sm:col-span-2">
        <button type="submit" className="btn btn-sm btn-primary" disabled={busy}>
          {label}
        </button>
        {onCancel ? (
          <button type="button" className="btn btn-sm" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
