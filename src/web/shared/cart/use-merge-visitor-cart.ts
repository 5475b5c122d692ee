import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { toast } from '@web/lib/toast';
import { useSession } from '@web/shared/session/session';
import { useEffect } from 'react';
import { mergeIntoCart } from './cart-calls';
import { cartKeys } from './keys';
import { storeUserCart } from './use-cart';
import {
  type CartLineInput,
  markVisitorMergeGaveUp,
  useVisitorLines,
  visitorMergeGaveUp,
  writeVisitorLines,
} from './visitor-cart';

/** One merge at a time, however many times the effect runs (a second render, a second tab's event). */
let merging: Promise<void> | null = null;

async function merge(queryClient: QueryClient, userId: string, lines: CartLineInput[]) {
  try {
    const cart = await mergeIntoCart(lines);
    // The browser's copy is now in the server cart: keeping it would add it a second time.
    writeVisitorLines([]);
    // A cart read that started before the merge must not overwrite the merged one.
    await queryClient.cancelQueries({ queryKey: cartKeys.user(userId) });
    await storeUserCart(queryClient, userId, cart);
  } catch (error) {
    markVisitorMergeGaveUp();
    toast.error(
      `The cart you filled before signing in could not be added to your account: ${
        error instanceof Error ? error.message : 'unknown error'
      }`,
    );
  }
}

/**
 * Whenever a session appears and this browser still holds a visitor's lines, they join the
 * customer's server cart (POST /cart/merge) and the browser's copy is cleared.
 */
export function useMergeVisitorCartOnSignIn() {
  const { user } = useSession();
  const lines = useVisitorLines();
  const queryClient = useQueryClient();
  const userId = user?.id;
  useEffect(() => {
    if (!userId || lines.length === 0 || merging || visitorMergeGaveUp()) return;
    merging = merge(queryClient, userId, lines).finally(() => {
      merging = null;
    });
  }, [userId, lines, queryClient]);
}
