import { type AppliedDiscount, type CodeVerdict, discountMessages } from '../../../contract/discounts';
import { allocate, percentOf } from '../../../contract/money';
import type { DiscountOffer, DiscountRule, LineFacts } from '../discounts';

/**
 * The arithmetic of discounts (docs/decisions/057), in integer cents. Which discounts a buyer may
 * have (dates, uses, the code) the discounts module decides from the database; how much each takes
 * off, which lines it touches and which one wins is decided here, for the totals function.
 *
 * - A percent is of the matching lines' total, rounded half up to the cent once for the order.
 * - A fixed amount is taken off the matching lines' total, never more than it.
 * - The amount is shared among the matching lines in proportion to their totals, by largest
 *   remainder, so the shares add up to the amount exactly and none exceeds its line.
 * - Free shipping waives the chosen method's price.
 * - The minimum is on the whole subtotal, before any discount.
 * - Of the code and the automatic discounts that apply, the one saving most (goods and shipping
 *   together) is taken; the code wins a tie. Discounts never stack.
 */

export interface DiscountLine {
  productId: string;
  lineTotalCents: number;
}

export interface DiscountOutcome {
  rule: DiscountRule;
  goodsCents: number;
  shippingCents: number;
  /** Each line's share of `goodsCents`, in the order of the lines given. */
  lineCents: number[];
}

export interface PricedDiscount {
  outcome: DiscountOutcome | null;
  verdict: CodeVerdict | null;
}

/** Half up, in BigInt: the percent of a large order cannot lose a cent (the money kernel's). */
export { percentOf } from '../../../contract/money';

/**
 * `amount` shared in proportion to `weights` by the money kernel's largest remainder (ties go to
 * the earlier line), so the shares add up to `amount` exactly.
 */
export const shareOut = (amount: number, weights: number[]): number[] => allocate(amount, weights);

function matches(rule: DiscountRule, facts: LineFacts | undefined): boolean {
  if (rule.appliesTo === 'order') return true;
  if (!facts) return false;
  if (rule.appliesTo === 'categories') return facts.categories.some((c) => rule.categorySlugs.includes(c));
  const brand = facts.brand.trim().toLowerCase();
  return brand !== '' && rule.brandNames.some((b) => b.trim().toLowerCase() === brand);
}

/** What one discount takes off these lines, or why it takes nothing. */
export function discountFor(
  rule: DiscountRule,
  lines: DiscountLine[],
  facts: Map<string, LineFacts>,
  shippingCents: number,
): DiscountOutcome | { miss: 'below_minimum' | 'no_matching_parts' } {
  const subtotal = lines.reduce((sum, l) => sum + l.lineTotalCents, 0);
  if (subtotal < rule.minSubtotalCents) return { miss: 'below_minimum' };
  const weights = lines.map((l) => (matches(rule, facts.get(l.productId)) ? l.lineTotalCents : 0));
  const eligible = weights.reduce((sum, w) => sum + w, 0);
  if (rule.appliesTo !== 'order' && eligible === 0) return { miss: 'no_matching_parts' };
  const goodsCents =
    rule.kind === 'percent' ? percentOf(eligible, rule.value) : Math.min(rule.value, eligible);
  return {
    rule,
    goodsCents,
    shippingCents: rule.freeShipping ? shippingCents : 0,
    lineCents: shareOut(goodsCents, weights),
  };
}

const saved = (o: DiscountOutcome) => o.goodsCents + o.shippingCents;

/**
 * The discount these lines get: the code's when it applies and saves at least as much as any
 * automatic discount, else the automatic discount saving most (the first listed on a tie). The
 * verdict tells the buyer what became of their code.
 */
export function chooseDiscount(
  offer: DiscountOffer,
  lines: DiscountLine[],
  shippingCents: number,
): PricedDiscount {
  let best: DiscountOutcome | null = null;
  for (const rule of offer.automatic) {
    const outcome = discountFor(rule, lines, offer.facts, shippingCents);
    if ('miss' in outcome || saved(outcome) === 0) continue;
    if (!best || saved(outcome) > saved(best)) best = outcome;
  }
  if (offer.codeMiss) {
    const { code, reason, message } = offer.codeMiss;
    return { outcome: best, verdict: { code, applied: false, reason, message } };
  }
  const rule = offer.code;
  if (!rule?.code) return { outcome: best, verdict: null };
  const code = rule.code;
  const mine = discountFor(rule, lines, offer.facts, shippingCents);
  if ('miss' in mine) {
    const message =
      mine.miss === 'below_minimum'
        ? discountMessages.belowMinimum(code, rule.minSubtotalCents)
        : discountMessages.noMatchingParts(code, rule.name);
    return { outcome: best, verdict: { code, applied: false, reason: mine.miss, message } };
  }
  if (best && saved(best) > saved(mine))
    return {
      outcome: best,
      verdict: {
        code,
        applied: false,
        reason: 'beaten',
        message: discountMessages.beaten(code, best.rule.name),
      },
    };
  return {
    outcome: mine,
    verdict: { code, applied: true, reason: null, message: discountMessages.applied(code, rule.name) },
  };
}

export const NO_DISCOUNT: PricedDiscount = { outcome: null, verdict: null };

/** The discount as pages show it. */
export const appliedOf = (outcome: DiscountOutcome | null): AppliedDiscount | null =>
  outcome
    ? {
        code: outcome.rule.code,
        label: outcome.rule.name,
        goodsCents: outcome.goodsCents,
        shippingCents: outcome.shippingCents,
      }
    : null;

/**
 * How a discount meets a trade buyer's prices (decision 102). `stack` (the default) takes it off
 * the trade prices. `best` prices the order twice, at trade prices with no discount and at list
 * prices with it, and keeps the lower total; trade prices win a tie (the code is kept for another
 * order), and a code they beat is said not used, with why.
 */
export function underDiscountRule<T extends { totalCents: number } & PricedDiscount>(
  rule: 'stack' | 'best' | undefined,
  stacked: () => T,
  atTradeAlone: () => T,
  atListWithDiscount: () => T,
): { atList: boolean; totals: T } {
  if (rule !== 'best') return { atList: false, totals: stacked() };
  const list = atListWithDiscount();
  const trade = atTradeAlone();
  if (list.outcome && list.totalCents < trade.totalCents) return { atList: true, totals: list };
  const verdict: CodeVerdict | null =
    list.verdict?.applied === true
      ? {
          code: list.verdict.code,
          applied: false,
          reason: 'trade_prices',
          message: discountMessages.tradePrices(list.verdict.code),
        }
      : list.verdict;
  return { atList: false, totals: { ...trade, verdict } };
}
