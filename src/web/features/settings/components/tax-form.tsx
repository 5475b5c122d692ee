import { shippingCountries } from '@contract/addresses';
import type { SettingsAnswer } from '@contract/settings';
import { useState } from 'react';
import { useSaveSection } from '../api/settings-calls';
import { Field, SectionForm } from './section-form';
import { basisPointsOf, percentText } from './units';

interface RateDraft {
  key: number;
  country: string;
  region: string;
  rate: string;
  taxShipping: boolean;
}

let nextKey = 1;

/** Sales tax: a default rate and a rate per country or region, each saying whether shipping is taxed. */
export function TaxForm({ answer }: { answer: SettingsAnswer }) {
  const tax = answer.settings.tax;
  const [defaultRate, setDefaultRate] = useState(percentText(tax.defaultRateBasisPoints));
  const [shippingByDefault, setShippingByDefault] = useState(tax.taxShippingByDefault);
  const [rates, setRates] = useState<RateDraft[]>(() =>
    tax.rates.map((r) => ({
      key: nextKey++,
      country: r.country ?? '',
      region: r.region ?? '',
      rate: percentText(r.rateBasisPoints),
      taxShipping: r.taxShipping,
    })),
  );
  const save = useSaveSection('tax');
  const change = (key: number, patch: Partial<RateDraft>) =>
    setRates((all) => all.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  return (
    <SectionForm
      id="settings-tax"
      title="Tax"
      description="The rate of the most precise match applies: the region in its country, the region anywhere, the country, then the default."
      savedAt={answer.sections.tax.updatedAt}
      build={() => ({
        defaultRateBasisPoints: basisPointsOf(defaultRate, 'Default rate'),
        taxShippingByDefault: shippingByDefault,
        rates: rates.map((r, i) => ({
          country: r.country || null,
          region: r.region.trim() || null,
          rateBasisPoints: basisPointsOf(r.rate, `Rate ${i + 1}`),
          taxShipping: r.taxShipping,
        })),
      })}
      save={async (value) => {
        await save.mutateAsync({ value: value as never, revision: answer.sections.tax.revision });
      }}
    >
      <div className="flex flex-wrap items-end gap-4">
        <Field label="Default rate (%)" inputMode="decimal" value={defaultRate} onChange={setDefaultRate} />
        <label className="flex cursor-pointer items-center gap-2 pb-3 text-sm">
          <input
            type="checkbox"
            className="checkbox checkbox-sm"
            checked={shippingByDefault}
            onChange={(e) => setShippingByDefault(e.target.checked)}
          />
          Tax shipping at the default rate
        </label>
      </div>
      <fieldset className="space-y-3">
        <legend className="font-semibold">Rates by place</legend>
        {rates.length === 0 ? (
          <p className="text-sm text-base-content/70">
            No rates of places yet: the default rate applies everywhere.
          </p>
        ) : null}
        {rates.map((r, i) => (
          <div
            key={r.key}
            className="grid items-end gap-2 rounded-box border border-base-300 p-3 sm:grid-cols-[1fr_1fr_8rem_auto_auto]"
            data-testid="tax-rate"
          >
            <label className="fieldset">
              <span className="fieldset-legend">Country of rate {i + 1}</span>
              <select
                className="select w-full"
                value={r.country}
                onChange={(e) => change(r.key, { country: e.target.value })}
              >
                <option value="">Any country</option>
                {shippingCountries.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.name}
                  </option>
                ))}
              </select>
            </label>
            <Field
              label={`Region of rate ${i + 1}`}
              value={r.region}
              onChange={(region) => change(r.key, { region })}
              hint="e.g. MI; empty: the whole country"
            />
            <Field
              label={`Rate ${i + 1} (%)`}
              inputMode="decimal"
              value={r.rate}
              onChange={(rate) => change(r.key, { rate })}
            />
            <label className="flex cursor-pointer items-center gap-2 pb-3 text-sm">
              <input
                type="checkbox"
                className="checkbox checkbox-sm"
                checked={r.taxShipping}
                onChange={(e) => change(r.key, { taxShipping: e.target.checked })}
              />
              Taxes shipping
            </label>
            <button
              type="button"
              className="btn btn-ghost btn-sm mb-2"
              onClick={() => setRates((all) => all.filter((x) => x.key !== r.key))}
            >
              Remove rate {i + 1}
            </button>
          </div>
        ))}
        <button
          type="button"
          className="btn btn-sm"
          onClick={() =>
            setRates((all) => [
              ...all,
              { key: nextKey++, country: 'US', region: '', rate: '', taxShipping: false },
            ])
          }
        >
          Add a rate
        </button>
      </fieldset>
    </SectionForm>
  );
}
