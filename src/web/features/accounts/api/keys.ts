import { accountRoot } from '@web/lib/query-keys';

/** The session, the sign-in providers and what belongs to the signed-in account (dropped at sign-out). */
export const accountKeys = {
  all: accountRoot,
  session: ['session'] as const,
  providers: ['auth-providers'] as const,
  admin: (email: string) => [...accountRoot, 'admin', email] as const,
  profile: (email: string) => [...accountRoot, 'profile', email] as const,
  /** Staff's list of users; the customers' pages sit under it, so a role change refreshes both. */
  users: [...accountRoot, 'users'] as const,
  sessions: [...accountRoot, 'sessions'] as const,
};
