/**
 * The settings forms show money in dollars, rates in percent and weights in pounds, and send cents,
 * basis points and pounds. Text is split, never multiplied, so "7.10" is 710 cents exactly.
 */

import { centsToDecimal, readMoney } from '@contract/money';

export class UnitProblem extends Error {}

/** Cents as the form shows them ("7.99"), by the money kernel. */
export const centsText = (cents: number | null) => (cents === null ? '' : centsToDecimal(cents));

/** Dollars as typed ("7.99", "$1,249.00") to cents, by the money kernel; in the form's words when not money. */
export function centsOf(text: string, label: string): number {
  const cents = readMoney(text);
  if (cents === undefined) throw new UnitProblem(`${label}: write an amount in dollars, like 7.99`);
  return cents;
}

/** Empty means "none" (never free, no upper weight). */
export const optionalCentsOf = (text: string, label: string) =>
  text.trim() === '' ? null : centsOf(text, label);

export const percentText = (basisPoints: number) =>
  `${Math.trunc(basisPoints / 100)}${basisPoints % 100 ? `.${String(basisPoints % 100).padStart(2, '0')}` : ''}`;

export function basisPointsOf(text: string, label: string): number {
  const t = text.trim();
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(t)) throw new UnitProblem(`${label}: write a percentage, like 7.25`);
  const [whole = '0', hundredths = ''] = t.split('.');
  return Number(whole) * 100 + Number(hundredths.padEnd(2, '0'));
}

export const numberText = (n: number | null) => (n === null ? '' : String(n));

export function numberOf(text: string, label: string): number {
  const t = text.trim();
  if (!/^\d{1,9}(\.\d{1,3})?$/.test(t)) throw new UnitProblem(`${label}: write a number, like 2.5`);
  return Number(t);
}

export const optionalNumberOf = (text: string, label: string) =>
  text.trim() === '' ? null : numberOf(text, label);
