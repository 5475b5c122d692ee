import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config';
import { passwordHashing } from './password-hash';

describe('the password hash cost', () => {
  it('is better-auth’s own scrypt unless a test suite asks for less', () => {
    expect(loadConfig({}).auth.passwordHashCost).toBe('standard');
    expect(passwordHashing('standard')).toBeUndefined();
  });

  it('at the low cost still salts, and verifies only the right password', async () => {
    const low = passwordHashing('low');
    if (!low) throw new Error('expected a low-cost hasher');
    const one = await low.hash('Spanner#42');
    const two = await low.hash('Spanner#42');
    expect(one).not.toBe(two);
    expect(one).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await low.verify({ hash: one, password: 'Spanner#42' })).toBe(true);
    expect(await low.verify({ hash: one, password: 'Spanner#43' })).toBe(false);
    expect(await low.verify({ hash: 'not-a-hash', password: 'Spanner#42' })).toBe(false);
  });

  it('is refused for a published store', () => {
    expect(() =>
      loadConfig({ PASSWORD_HASH_COST: 'low', NODE_ENV: 'production', PAYMENTS: 'simulated' }),
    ).toThrow(/PASSWORD_HASH_COST=low is for test suites/);
    expect(() =>
      loadConfig({
        PASSWORD_HASH_COST: 'low',
        PUBLIC_URL: 'https://shop.example.com',
        PAYMENTS: 'simulated',
      }),
    ).toThrow(/PASSWORD_HASH_COST=low/);
    expect(loadConfig({ PASSWORD_HASH_COST: 'low' }).auth.passwordHashCost).toBe('low');
  });
});
