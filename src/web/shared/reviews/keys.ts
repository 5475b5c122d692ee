import { accountRoot, adminRoot } from '@web/lib/query-keys';

/**
 * Reviews: posting one invalidates `all` (the store's list and every product's) and `mineAll`;
 * a writer's own are the account's (dropped at sign-out), the moderation desk's are the staff's.
 */
export const reviewKeys = {
  all: ['reviews'] as const,
  ofTool: (productId: string) => ['reviews', 'tool', productId] as const,
  mineAll: [...accountRoot, 'reviews'] as const,
  mine: (productId: string | undefined) =>
    [...accountRoot, 'reviews', productId ?? 'store and products'] as const,
  moderationAll: [...adminRoot, 'reviews'] as const,
  moderation: (status: string, page: number) => [...adminRoot, 'reviews', status, page] as const,
};
