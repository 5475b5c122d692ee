import { VISITOR_CART_KEY } from '@contract/cart.constants';
import { useSyncExternalStore } from 'react';

/** A line of a visitor's cart as the browser keeps it: no prices, the server prices it. */
export interface CartLineInput {
  productId: string;
  quantity: number;
}

const listeners = new Set<() => void>();
const EMPTY: CartLineInput[] = [];
let cachedRaw: string | null = null;
let cachedLines: CartLineInput[] = EMPTY;

const storage = () => {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be switched off (privacy settings): the cart is then empty and stays so.
    return null;
  }
};

/** Anything else than a list of {productId, quantity} (an old version, a hand edit) reads as empty. */
function parse(raw: string | null): CartLineInput[] {
  if (!raw) return EMPTY;
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return EMPTY;
    return value.filter(
      (l): l is CartLineInput =>
        typeof l?.productId === 'string' && Number.isInteger(l?.quantity) && l.quantity > 0,
    );
  } catch {
    return EMPTY;
  }
}

/** The visitor's lines; the same array for as long as the stored text does not change. */
export function readVisitorLines(): CartLineInput[] {
  const raw = storage()?.getItem(VISITOR_CART_KEY) ?? null;
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedLines = parse(raw);
  }
  return cachedLines;
}

const notify = () => {
  for (const listener of listeners) listener();
};

export function writeVisitorLines(lines: CartLineInput[]) {
  const store = storage();
  if (!store) return;
  if (lines.length === 0) store.removeItem(VISITOR_CART_KEY);
  else store.setItem(VISITOR_CART_KEY, JSON.stringify(lines));
  notify();
}

/**
 * Whether the merge at sign-in gave up on these lines (they stay in the browser, and the
 * customer's cart is shown without them rather than waited for).
 */
let mergeGaveUp = false;
export const visitorMergeGaveUp = () => mergeGaveUp;
export function markVisitorMergeGaveUp() {
  mergeGaveUp = true;
  notify();
}

/** The lines with `quantity` more of one product (a new line at the end). */
export function addToLines(lines: CartLineInput[], productId: string, quantity: number): CartLineInput[] {
  const found = lines.some((l) => l.productId === productId);
  return found
    ? lines.map((l) => (l.productId === productId ? { productId, quantity: l.quantity + quantity } : l))
    : [...lines, { productId, quantity }];
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab of the store changed the cart.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === VISITOR_CART_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The visitor's lines, kept current across this tab and others. */
export const useVisitorLines = () => useSyncExternalStore(subscribe, readVisitorLines, () => EMPTY);
