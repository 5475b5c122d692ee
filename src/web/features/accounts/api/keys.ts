import { accountRoot } from '@web/lib/query-keys';
import { onAccountKeys } from '@web/shared/payment/on-account-calls';

/** The sign-in providers and what belongs to the signed-in account (dropped at sign-out). */
export const accountKeys = {
  providers: ['auth-providers'] as const,
  profile: (email: string) => [...accountRoot, 'profile', email] as const,
  sessions: [...accountRoot, 'sessions'] as const,
  /** The account's own trade terms (decision 095). */
  trade: onAccountKeys.trade,
  /** The account's latest application for trade terms (decision 101). */
  tradeApplication: [...accountRoot, 'trade-application'] as const,
};
