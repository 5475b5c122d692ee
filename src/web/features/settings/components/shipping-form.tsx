import type { SettingsAnswer, ShippingZone, ZoneMethod } from '@contract/settings';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { useState } from 'react';
import { useSaveSection } from '../api/settings-calls';
import { Field, SectionForm } from './section-form';
import { centsOf, centsText, numberOf, numberText, optionalCentsOf, optionalNumberOf } from './units';

let nextKey = 1;

interface BracketDraft {
  key: number;
  upTo: string;
  price: string;
}
interface MethodDraft {
  key: number;
  id: string;
  name: string;
  estimate: string;
  mode: ZoneMethod['mode'];
  freeOver: string;
  brackets: BracketDraft[];
}
interface ZoneDraft {
  key: number;
  id: string;
  name: string;
  areas: string;
  methods: MethodDraft[];
}

const bracketDraft = (b?: ZoneMethod['brackets'][number]): BracketDraft => ({
  key: nextKey++,
  upTo: b ? numberText(b.upToLb) : '',
  price: b ? centsText(b.priceCents) : '',
});
const methodDraft = (m?: ZoneMethod): MethodDraft => ({
  key: nextKey++,
  id: m?.id ?? 'ground',
  name: m?.name ?? 'Ground',
  estimate: m?.estimate ?? '',
  mode: m?.mode ?? 'ground',
  freeOver: m ? centsText(m.freeOverCents) : '',
  brackets: m ? m.brackets.map(bracketDraft) : [bracketDraft()],
});
const zoneDraft = (z?: ShippingZone): ZoneDraft => ({
  key: nextKey++,
  id: z?.id ?? '',
  name: z?.name ?? '',
  areas: z?.areas.join(', ') ?? '',
  methods: z ? z.methods.map(methodDraft) : [methodDraft()],
});

/** A zone's code from its name when the owner gives none: "Alaska & Hawaii" -> "alaska-hawaii". */
const codeOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);

/**
 * Shipping: the flat standard and express rates of a store without zones, the weight of a product
 * that has none, and zones (countries and regions), each with methods priced by weight bracket.
 */
export function ShippingForm({ answer }: { answer: SettingsAnswer }) {
  const shipping = answer.settings.shipping;
  const [standard, setStandard] = useState(centsText(shipping.standardCents));
  const [express, setExpress] = useState(centsText(shipping.expressCents));
  const [freeOver, setFreeOver] = useState(centsText(shipping.freeStandardOverCents));
  const [defaultWeight, setDefaultWeight] = useState(numberText(shipping.defaultWeightLb));
  const [zones, setZones] = useState<ZoneDraft[]>(() => shipping.zones.map(zoneDraft));
  const [removing, setRemoving] = useState<ZoneDraft | null>(null);
  const save = useSaveSection('shipping');

  const patchZone = (key: number, patch: Partial<ZoneDraft>) =>
    setZones((all) => all.map((z) => (z.key === key ? { ...z, ...patch } : z)));
  const patchMethod = (zone: ZoneDraft, key: number, patch: Partial<MethodDraft>) =>
    patchZone(zone.key, { methods: zone.methods.map((m) => (m.key === key ? { ...m, ...patch } : m)) });

  const build = () => ({
    standardCents: centsOf(standard, 'Standard shipping'),
    expressCents: centsOf(express, 'Express shipping'),
    freeStandardOverCents: optionalCentsOf(freeOver, 'Free standard shipping over'),
    defaultWeightLb: numberOf(defaultWeight, 'Default weight'),
    zones: zones.map((z, zi) => ({
      id: z.id.trim() || codeOf(z.name),
      name: z.name,
      areas: z.areas
        .split(/[,\s]+/)
        .map((a) => a.trim())
        .filter(Boolean),
      methods: z.methods.map((m, mi) => ({
        id: m.id.trim() || codeOf(m.name),
        name: m.name,
        estimate: m.estimate,
        mode: m.mode,
        freeOverCents: optionalCentsOf(m.freeOver, `Zone ${zi + 1}, method ${mi + 1}, free over`),
        brackets: m.brackets.map((b, bi) => ({
          upToLb: optionalNumberOf(b.upTo, `Zone ${zi + 1}, method ${mi + 1}, bracket ${bi + 1}, up to`),
          priceCents: centsOf(b.price, `Zone ${zi + 1}, method ${mi + 1}, bracket ${bi + 1}, price`),
        })),
      })),
    })),
  });

  return (
    <SectionForm
      id="settings-shipping"
      title="Shipping"
      description="Without zones every address pays the flat standard or express rate. With zones, an address pays its zone's methods, priced by the parcel's weight; an address in no zone cannot order."
      savedAt={answer.sections.shipping.updatedAt}
      build={build}
      save={async (value) => {
        await save.mutateAsync({ value: value as never, revision: answer.sections.shipping.revision });
      }}
    >
      <fieldset className="grid gap-x-4 sm:grid-cols-2 lg:grid-cols-4">
        <legend className="font-semibold">Without zones</legend>
        <Field label="Standard shipping ($)" inputMode="decimal" value={standard} onChange={setStandard} />
        <Field label="Express shipping ($)" inputMode="decimal" value={express} onChange={setExpress} />
        <Field
          label="Free standard shipping over ($)"
          inputMode="decimal"
          value={freeOver}
          onChange={setFreeOver}
          hint="Empty: never free"
        />
        <Field
          label="Default weight (lb)"
          inputMode="decimal"
          value={defaultWeight}
          onChange={setDefaultWeight}
          hint="For products without a weight"
        />
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="font-semibold">Zones</legend>
        {zones.length === 0 ? (
          <p className="text-sm text-base-content/70" data-testid="no-zones">
            No zones: the flat rates above apply to every address.
          </p>
        ) : null}
        {zones.map((zone, zi) => (
          <div
            key={zone.key}
            className="space-y-3 rounded-box border border-base-300 p-3"
            data-testid="shipping-zone"
          >
            <div className="grid gap-x-4 sm:grid-cols-3">
              <Field
                label={`Zone ${zi + 1} name`}
                value={zone.name}
                onChange={(name) => patchZone(zone.key, { name })}
              />
              <Field
                label={`Zone ${zi + 1} areas`}
                value={zone.areas}
                onChange={(areas) => patchZone(zone.key, { areas })}
                hint='Countries and regions: "US, CA" or "US-AK, US-HI"'
                className="sm:col-span-2"
              />
            </div>
            {zone.methods.map((method, mi) => (
              <fieldset key={method.key} className="space-y-2 rounded-box bg-base-200 p-3">
                <legend className="px-1 text-sm font-semibold">
                  Zone {zi + 1}, method {mi + 1}
                </legend>
                <div className="grid gap-x-4 sm:grid-cols-2 lg:grid-cols-4">
                  <Field
                    label="Name"
                    value={method.name}
                    onChange={(name) => patchMethod(zone, method.key, { name })}
                  />
                  <Field
                    label="Estimate"
                    value={method.estimate}
                    onChange={(estimate) => patchMethod(zone, method.key, { estimate })}
                    hint="e.g. 3 to 5 business days"
                  />
                  <label className="fieldset">
                    <span className="fieldset-legend">Travels by</span>
                    <select
                      className="select w-full"
                      value={method.mode}
                      onChange={(e) =>
                        patchMethod(zone, method.key, { mode: e.target.value as MethodDraft['mode'] })
                      }
                    >
                      <option value="ground">Ground (carries ground-only parts)</option>
                      <option value="air">Air (never ground-only parts)</option>
                    </select>
                  </label>
                  <Field
                    label="Free over ($)"
                    inputMode="decimal"
                    value={method.freeOver}
                    onChange={(freeOver) => patchMethod(zone, method.key, { freeOver })}
                    hint="Empty: never free"
                  />
                </div>
                <div className="space-y-2">
                  <p className="text-sm font-medium">Price by parcel weight</p>
                  {method.brackets.map((bracket, bi) => (
                    <div key={bracket.key} className="flex flex-wrap items-end gap-2">
                      <Field
                        label={`Bracket ${bi + 1}: up to (lb)`}
                        inputMode="decimal"
                        value={bracket.upTo}
                        onChange={(upTo) =>
                          patchMethod(zone, method.key, {
                            brackets: method.brackets.map((b) =>
                              b.key === bracket.key ? { ...b, upTo } : b,
                            ),
                          })
                        }
                        hint={bi === method.brackets.length - 1 ? 'Empty: any heavier parcel' : undefined}
                      />
                      <Field
                        label={`Bracket ${bi + 1}: price ($)`}
                        inputMode="decimal"
                        value={bracket.price}
                        onChange={(price) =>
                          patchMethod(zone, method.key, {
                            brackets: method.brackets.map((b) =>
                              b.key === bracket.key ? { ...b, price } : b,
                            ),
                          })
                        }
                      />
                      {method.brackets.length > 1 ? (
                        <button
                          type="button"
                          className="btn btn-ghost btn-sm mb-2"
                          onClick={() =>
                            patchMethod(zone, method.key, {
                              brackets: method.brackets.filter((b) => b.key !== bracket.key),
                            })
                          }
                        >
                          Remove bracket {bi + 1}
                        </button>
                      ) : null}
                    </div>
                  ))}
                  <div className="flex flex-wrap gap-2">
                    <button
                      type="button"
                      className="btn btn-sm"
                      onClick={() =>
                        patchMethod(zone, method.key, { brackets: [...method.brackets, bracketDraft()] })
                      }
                    >
                      Add a weight bracket
                    </button>
                    {zone.methods.length > 1 ? (
                      <button
                        type="button"
                        className="btn btn-ghost btn-sm"
                        onClick={() =>
                          patchZone(zone.key, { methods: zone.methods.filter((m) => m.key !== method.key) })
                        }
                      >
                        Remove method {mi + 1}
                      </button>
                    ) : null}
                  </div>
                </div>
              </fieldset>
            ))}
            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                className="btn btn-sm"
                onClick={() =>
                  patchZone(zone.key, {
                    methods: [
                      ...zone.methods,
                      { ...methodDraft(), id: '', name: 'Air', mode: 'air' as const },
                    ],
                  })
                }
              >
                Add a method
              </button>
              <button
                type="button"
                className="btn btn-ghost btn-sm text-error"
                onClick={() => setRemoving(zone)}
              >
                Remove zone {zi + 1}
              </button>
            </div>
          </div>
        ))}
        <button type="button" className="btn btn-sm" onClick={() => setZones((all) => [...all, zoneDraft()])}>
          Add a zone
        </button>
      </fieldset>
      <ConfirmDialog
        open={removing !== null}
        title="Remove this zone?"
        confirmLabel="Remove zone"
        onConfirm={() => {
          if (removing) setZones((all) => all.filter((z) => z.key !== removing.key));
          setRemoving(null);
        }}
        onCancel={() => setRemoving(null)}
      >
        <p>
          {removing?.name || 'This zone'} and its methods leave the form. Once you save, its addresses pay no
          shipping of this zone{zones.length === 1 ? ' and the flat rates apply again' : ''}.
        </p>
      </ConfirmDialog>
    </SectionForm>
  );
}
