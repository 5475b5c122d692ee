/**
 * The roots several features' query keys start with, so one invalidation reaches them all: any
 * change staff make refreshes what staff see (`['admin']`), and signing out drops everything of the
 * account (`['account']`). Each feature builds its keys under them in its own `api/keys.ts`.
 */
export const adminRoot = ['admin'] as const;
export const accountRoot = ['account'] as const;
