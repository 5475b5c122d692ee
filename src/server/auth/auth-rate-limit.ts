import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { AuthConfig } from '../config/config';

/** Sign-in and sign-up attempts counted per client address and per account (email). */
export function createAuthRateLimiter(config: AuthConfig['rateLimit']) {
  const perIp = new RateLimiterMemory({
    keyPrefix: 'auth-ip',
    points: config.perIp,
    duration: config.windowSeconds,
  });
  const perAccount = new RateLimiterMemory({
    keyPrefix: 'auth-account',
    points: config.perAccount,
    duration: config.windowSeconds,
  });

  /** Counts one attempt; resolves with the seconds to wait when either limit is spent, else 0. */
  return async function consume(ip: string, email: string | undefined): Promise<number> {
    try {
      await perIp.consume(ip);
      if (email) await perAccount.consume(email.trim().toLowerCase());
      return 0;
    } catch (error) {
      if (error instanceof RateLimiterRes) return Math.max(1, Math.ceil(error.msBeforeNext / 1000));
      throw error;
    }
  };
}
