import type { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import type { AuthConfig } from '../config';
import type { Db } from '../db';
import { accountKey, databaseLimiter, takeTurn } from '../limits';

/** What to do with a request for a reset link: refuse it, or answer it after a wait. */
export type ResetGate = { refused: true; waitSeconds: number } | { refused: false; slowDownMs: number };

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
 * How many turns ahead an attempt on an account under attack may wait; further attempts are told
 * to come back (429) without taking a turn, so a flood cannot queue the owner behind it for long.
 */
export const TURNS_AHEAD = 5;

/** How long an address that signed in to an account is remembered as the owner's. */
const KNOWN_ADDRESS_SECONDS = 30 * 24 * 60 * 60;

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
  // Addresses the account signed in from: its owner's, which never queue behind a guesser.
  const knownAddresses = databaseLimiter(db, {
    name: 'sign-in-known-address',
    points: 1,
    windowSeconds: KNOWN_ADDRESS_SECONDS,
  });
  /** A turn on the account (database-limiter.ts takeTurn), spaced by the slow-down. */
  const turnOn = (name: string, account: string) =>
    takeTurn(db, {
      name,
      subject: account,
      spacingMs: config.slowDownMs,
      maxWaitMs: TURNS_AHEAD * config.slowDownMs,
    });
  const refusedTurn = (): { refused: true; waitSeconds: number } => ({
    refused: true,
    waitSeconds: Math.max(1, Math.ceil((TURNS_AHEAD * config.slowDownMs) / 1000)),
  });
  const signUpsFromAddress = databaseLimiter(db, {
    name: 'sign-up-address',
    points: config.perIp,
    windowSeconds: window,
  });

  // Reset links mailed: per address, per account from one address, and paced per account from
  // everywhere, so no one can flood a mailbox, and no one can spend the owner's own request.
  const resetsFromAddress = databaseLimiter(db, {
    name: 'password-reset-address',
    points: config.perIp,
    windowSeconds: window,
  });
  const resetsOfAccountFromAddress = databaseLimiter(db, {
    name: 'password-reset-account-address',
    points: config.perAccount,
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
      let slowDownMs = 0;
      if (over(failuresOnAccount, onAccount) && !(await knownAddresses.get(pair))) {
        // Under attack: one attempt per turn, from wherever it comes.
        const wait = await turnOn('sign-in-turns', account);
        if (wait === undefined) {
          await Promise.all([failuresFromAddress.reward(address), failuresOnAccountFromAddress.reward(pair)]);
          return refusedTurn();
        }
        slowDownMs = wait;
      }
      return {
        refused: false,
        slowDownMs,
        async settle(outcome) {
          if (outcome === 'failed') return;
          await Promise.all([
            failuresFromAddress.reward(address),
            // The owner's own earlier typos from this address are forgiven once they get in, and
            // the address is theirs: it never waits behind a guesser again.
            outcome === 'succeeded'
              ? failuresOnAccountFromAddress.delete(pair)
              : failuresOnAccountFromAddress.reward(pair),
            outcome === 'succeeded' ? knownAddresses.set(pair, 1, KNOWN_ADDRESS_SECONDS) : undefined,
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
     * Counts a request for a reset link, like a sign-in (decision 014): refused when the address,
     * or the address for this account, is spent; past the account's budget from everywhere, paced
     * to one request per turn, never refused for the count alone, so requests for someone's
     * address from elsewhere never lock its owner out of their own link. Counted alike whether or
     * not the e-mail has an account, so an answer tells nothing about it.
     */
    async passwordReset(address: string, email: string | undefined): Promise<ResetGate> {
      const fromAddress = await resetsFromAddress.penalty(address);
      if (over(resetsFromAddress, fromAddress)) return { refused: true, waitSeconds: waitOf(fromAddress) };
      if (!email) return { refused: false, slowDownMs: 0 };
      const account = accountKey(email);
      const fromPair = await resetsOfAccountFromAddress.penalty(`${account}:${address}`);
      if (over(resetsOfAccountFromAddress, fromPair)) return { refused: true, waitSeconds: waitOf(fromPair) };
      const ofAccount = await resetsOfAccount.penalty(account);
      if (!over(resetsOfAccount, ofAccount)) return { refused: false, slowDownMs: 0 };
      const wait = await turnOn('password-reset-turns', account);
      return wait === undefined ? refusedTurn() : { refused: false, slowDownMs: wait };
    },
  };
}
