import type { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import type { AuthConfig } from '../config/config';
import type { Db } from '../db/database';
import { accountKey, databaseLimiter } from '../limits/database-limiter';

/** What to do with a sign-in attempt before the password is checked. */
export type SignInGate =
  | { refused: true; waitSeconds: number }
  | {
      refused: false;
      slowDownMs: number;
      settle(outcome: 'failed' | 'succeeded' | 'unchecked'): Promise<void>;
    };

const waitOf = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));

/**
 * Password guessing kept expensive without handing anyone a lock-out
 * (docs/decisions/014-sign-in-limits-without-lock-out.md). Counted in the database, so every
 * instance shares them:
 * - failed sign-ins per client address, any account: `perIp` in a window, then that address waits;
 * - failed sign-ins per account from one address: `perAccount`, then that address waits for that
 *   account only; the owner signing in from anywhere else is not refused;
 * - failed sign-ins per account from everywhere: past `perAccount`, every attempt on that account
 *   is slowed down by `slowDownMs`, never refused, so a spread-out guesser gains little and the
 *   owner still gets in;
 * - sign-ups per address: `perIp`; they never count against any account's sign-in budget.
 * Each attempt is counted before its password is checked (one atomic upsert), so parallel guesses
 * cannot slip in between a check and a count; a success takes its count back.
 */
export function createAuthRateLimiter(db: Db, config: AuthConfig['rateLimit']) {
  const window = config.windowSeconds;
  const failuresFromAddress = databaseLimiter(db, {
    name: 'sign-in-address',
    points: config.perIp,
    windowSeconds: window,
  });
  const failuresOnAccountFromAddress = databaseLimiter(db, {
    name: 'sign-in-account-address',
    points: config.perAccount,
    windowSeconds: window,
  });
  const failuresOnAccount = databaseLimiter(db, {
    name: 'sign-in-account',
    points: config.perAccount,
    windowSeconds: window,
  });
  const signUpsFromAddress = databaseLimiter(db, {
    name: 'sign-up-address',
    points: config.perIp,
    windowSeconds: window,
  });

  // Reset links mailed: per address and per account, so no one can flood a mailbox with them.
  const resetsFromAddress = databaseLimiter(db, {
    name: 'password-reset-address',
    points: config.perIp,
    windowSeconds: window,
  });
  const resetsOfAccount = databaseLimiter(db, {
    name: 'password-reset-account',
    points: config.perAccount,
    windowSeconds: window,
  });

  const over = (limiter: RateLimiterDrizzle, res: RateLimiterRes) => res.consumedPoints > limiter.points;

  return {
    /** Counts a sign-in attempt (as a failure until `settle` says otherwise). */
    async signIn(address: string, email: string | undefined): Promise<SignInGate> {
      const fromAddress = await failuresFromAddress.penalty(address);
      if (over(failuresFromAddress, fromAddress)) return { refused: true, waitSeconds: waitOf(fromAddress) };
      // Without an e-mail there is no password to check: only the address is counted.
      if (!email)
        return {
          refused: false,
          slowDownMs: 0,
          settle: async (outcome) => {
            if (outcome !== 'failed') await failuresFromAddress.reward(address);
          },
        };
      const account = accountKey(email);
      const pair = `${account}:${address}`;
      const fromPair = await failuresOnAccountFromAddress.penalty(pair);
      if (over(failuresOnAccountFromAddress, fromPair)) {
        // Spent on this account only: the address keeps its budget for everything else.
        await failuresFromAddress.reward(address);
        return { refused: true, waitSeconds: waitOf(fromPair) };
      }
      const onAccount = await failuresOnAccount.penalty(account);
      return {
        refused: false,
        slowDownMs: over(failuresOnAccount, onAccount) ? config.slowDownMs : 0,
        async settle(outcome) {
          if (outcome === 'failed') return;
          await Promise.all([
            failuresFromAddress.reward(address),
            // The owner's own earlier typos from this address are forgiven once they get in.
            outcome === 'succeeded'
              ? failuresOnAccountFromAddress.delete(pair)
              : failuresOnAccountFromAddress.reward(pair),
            failuresOnAccount.reward(account),
          ]);
        },
      };
    },

    /** Counts a sign-up attempt; resolves with the seconds to wait when the address is spent, else 0. */
    async signUp(address: string): Promise<number> {
      const res = await signUpsFromAddress.penalty(address);
      return over(signUpsFromAddress, res) ? waitOf(res) : 0;
    },

    /**
     * Counts a request for a reset link; the seconds to wait when the address or the e-mail is
     * spent, else 0. Counted alike whether or not the e-mail has an account, so a refusal tells
     * nothing about it.
     */
    async passwordReset(address: string, email: string | undefined): Promise<number> {
      const fromAddress = await resetsFromAddress.penalty(address);
      if (over(resetsFromAddress, fromAddress)) return waitOf(fromAddress);
      if (!email) return 0;
      const ofAccount = await resetsOfAccount.penalty(accountKey(email));
      return over(resetsOfAccount, ofAccount) ? waitOf(ofAccount) : 0;
    },
  };
}
