import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { PasswordHashCost } from '../config';

// Still scrypt, with better-auth's `salt:key` layout and its NFKC normalisation: only the work
// factor differs (64 times cheaper), so every path that hashes keeps doing so.
const LOW = { N: 1024, r: 4, p: 1, keyLength: 64 };

function lowCostKey(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, LOW.keyLength, { N: LOW.N, r: LOW.r, p: LOW.p }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** better-auth's `emailAndPassword.password` for the cost, or nothing for its own default. */
export function passwordHashing(cost: PasswordHashCost) {
  if (cost === 'standard') return undefined;
  return {
    async hash(password: string) {
      const salt = randomBytes(16).toString('hex');
      return `${salt}:${(await lowCostKey(password, salt)).toString('hex')}`;
    },
    async verify({ hash, password }: { hash: string; password: string }) {
      const [salt, key] = hash.split(':');
      if (!salt || !key) return false;
      const expected = Buffer.from(key, 'hex');
      const actual = await lowCostKey(password, salt);
      return expected.length === actual.length && timingSafeEqual(expected, actual);
    },
  };
}
