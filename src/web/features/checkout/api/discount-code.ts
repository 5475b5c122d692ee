import { useSyncExternalStore } from 'react';

/**
 * The discount code the buyer entered, kept for this browser tab (sessionStorage) so the cart and
 * the checkout price with the same code; the server decides what it is worth every time.
 */

const KEY = 'tw.discountCode';
const listeners = new Set<() => void>();

const storage = () => {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    // Storage switched off: the code lives as long as the page.
    return null;
  }
};

let fallback = '';

export function readDiscountCode(): string {
  return storage()?.getItem(KEY) ?? fallback;
}

export function writeDiscountCode(code: string) {
  const value = code.trim().toUpperCase();
  const store = storage();
  if (store) {
    if (value) store.setItem(KEY, value);
    else store.removeItem(KEY);
  } else fallback = value;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useDiscountCode(): string {
  return useSyncExternalStore(subscribe, readDiscountCode, () => '');
}
