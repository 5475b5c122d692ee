import { formatCents } from '@contract/money';
import {
  asRecord,
  basisPointsText,
  type ChangeLine,
  changeLines,
  countText,
  type FieldWords,
  NONE,
  yesNo,
} from '@contract/record-words';

/**
 * A settings section saved by the owner, field by field in the settings page's own words:
 * "Minimum subtotal: $150.00 → $200.00", "Tax rate MI: — → 6%". A section or field added since
 * (not named here) is still written in plain words.
 */

const money = (v: unknown) => (v === null || v === undefined ? NONE : formatCents(Number(v)));
const moneyOrNever = (v: unknown) => (v === null || v === undefined ? 'Never' : formatCents(Number(v)));
const pounds = (v: unknown) => (v === null || v === undefined ? NONE : `${countText(Number(v))} lb`);
const rate = (v: unknown) => (v === null || v === undefined ? NONE : basisPointsText(Number(v)));

/** Where a tax rate applies: "MI", "US-MI", "US". */
function placeOf(row: Record<string, unknown>): string {
  const country = row.country ? String(row.country) : '';
  const region = row.region ? String(row.region) : '';
  return country && region ? `${country}-${region}` : country || region;
}

/** "Tax rate MI: — → 6%", "Tax on shipping in MI: No → Yes", one place at a time. */
function taxRateLines(before: unknown, after: unknown): ChangeLine[] {
  const byPlace = (list: unknown) =>
    new Map((Array.isArray(list) ? list : []).map((r) => [placeOf(asRecord(r)), asRecord(r)]));
  const was = byPlace(before);
  const now = byPlace(after);
  const lines: ChangeLine[] = [];
  for (const place of new Set([...was.keys(), ...now.keys()])) {
    const a = was.get(place);
    const b = now.get(place);
    if (a?.rateBasisPoints !== b?.rateBasisPoints)
      lines.push({
        label: `Tax rate ${place}`,
        before: rate(a?.rateBasisPoints),
        after: rate(b?.rateBasisPoints),
      });
    if (a && b && a.taxShipping !== b.taxShipping)
      lines.push({
        label: `Tax on shipping in ${place}`,
        before: yesNo(a.taxShipping),
        after: yesNo(b.taxShipping),
      });
    else if (!a && b?.taxShipping)
      lines.push({ label: `Tax on shipping in ${place}`, before: NONE, after: 'Yes' });
  }
  return lines;
}

/** A zone as one item: "Midwest (US-MI, US-OH): Ground $5.00 to 5 lb, $9.00 over; free over $100.00". */
function zoneText(zone: unknown): string {
  const z = asRecord(zone);
  const areas = Array.isArray(z.areas) ? z.areas.join(', ') : '';
  const methods = (Array.isArray(z.methods) ? z.methods : []).map((m) => {
    const method = asRecord(m);
    const brackets = (Array.isArray(method.brackets) ? method.brackets : []).map((b) => {
      const bracket = asRecord(b);
      return bracket.upToLb === null || bracket.upToLb === undefined
        ? `${money(bracket.priceCents)} heavier`
        : `${money(bracket.priceCents)} to ${pounds(bracket.upToLb)}`;
    });
    const free =
      method.freeOverCents === null || method.freeOverCents === undefined
        ? ''
        : `, free over ${money(method.freeOverCents)}`;
    return `${method.name} ${brackets.join(', ')}${free}`;
  });
  return `${z.name} (${areas}): ${methods.join('; ')}`;
}

const SECTIONS: Record<string, { name: string; fields: Record<string, FieldWords> }> = {
  store: {
    name: 'Store details',
    fields: {
      brand: { label: 'Brand' },
      wordmark: { label: 'Wordmark' },
      contact: {
        label: 'Contact',
        text: (v) => {
          const c = asRecord(v);
          return [c.email, c.phone, c.address].filter(Boolean).join(', ') || NONE;
        },
      },
    },
  },
  shipping: {
    name: 'Shipping',
    fields: {
      standardCents: { label: 'Standard shipping', text: money },
      expressCents: { label: 'Express shipping', text: money },
      freeStandardOverCents: { label: 'Free standard shipping over', text: moneyOrNever },
      defaultWeightLb: { label: 'Default weight', text: pounds },
      zones: { label: 'Shipping zones', items: (v) => (Array.isArray(v) ? v.map(zoneText) : []) },
    },
  },
  tax: {
    name: 'Tax',
    fields: {
      defaultRateBasisPoints: { label: 'Default tax rate', text: rate },
      taxShippingByDefault: { label: 'Tax shipping by default', text: yesNo },
    },
  },
  orders: {
    name: 'Order holds and caps',
    fields: {
      holdMinutes: { label: 'Hold', text: (v) => `${countText(Number(v))} minutes` },
      maxUnpaidOrders: { label: 'Unpaid orders per customer', text: (v) => countText(Number(v)) },
      maxUnpaidUnits: { label: 'Unpaid units per customer', text: (v) => countText(Number(v)) },
      cartReminders: { label: 'Cart reminder mails', text: yesNo },
    },
  },
  returns: {
    name: 'Returns',
    fields: {
      windowDays: { label: 'Return window', text: (v) => `${countText(Number(v))} days` },
      restockingFeePercent: { label: 'Restocking fee', text: (v) => `${countText(Number(v))}%` },
    },
  },
  inventory: {
    name: 'Low stock',
    fields: { lowStockFactor: { label: 'Low-stock factor', text: (v) => countText(Number(v)) } },
  },
  reviews: {
    name: 'Reviews',
    fields: {
      hold: {
        label: 'Hold for approval',
        text: (v) =>
          v === 'all'
            ? 'Every review'
            : v === 'none'
              ? 'None (publish at once)'
              : v === 'nonBuyers'
                ? 'Reviews from non-buyers'
                : String(v),
      },
    },
  },
};

/** The section's name as the settings page titles it. */
export const settingsSectionName = (section: string) => SECTIONS[section]?.name ?? section;

/** The lines of one saved section. */
export function settingsLines(section: string, before: unknown, after: unknown): ChangeLine[] {
  const words = SECTIONS[section];
  const lines = changeLines(before, after, words?.fields ?? {}, { skip: section === 'tax' ? ['rates'] : [] });
  return section === 'tax'
    ? [...lines, ...taxRateLines(asRecord(before).rates, asRecord(after).rates)]
    : lines;
}
