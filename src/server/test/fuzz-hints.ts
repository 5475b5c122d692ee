import fc from 'fast-check';
import { TEST_CARDS } from '../../contract/payments';
import type { FuzzWorld } from './fuzz-world';
import { CARD, PHONE } from './fuzz-world';
import type { Hints } from './json-schema-values';
import { STRONG_PASSWORD } from './sessions';

/** Who sends a fuzzed request. */
export type FuzzRole = 'anonymous' | 'customer' | 'admin';
export const FUZZ_ROLES: FuzzRole[] = ['anonymous', 'customer', 'admin'];

const oneOf = <T>(values: T[], fallback: fc.Arbitrary<T>): fc.Arbitrary<T> =>
  values.length ? fc.oneof(fc.constantFrom(...values), fallback) : fallback;

/**
 * Real values for the fields the API looks up (ids, emails, secrets), as this role would send
 * them: its own and other people's. An admin's promotions only ever name the bystander or a
 * stranger, so the customers stay customers and the other checks keep their meaning.
 */
export function hintsFor(world: FuzzWorld, role: FuzzRole): Hints {
  const { pools, admin, customer, other, bystander } = world;
  const freshEmail = fc.uuid().map((id) => `fz${id.slice(0, 13).replace('-', '')}@example.com`);
  const emails = [customer.email, other.email, admin.email, bystander.email];
  const ids = oneOf([...pools.customerOrderIds, ...pools.otherOrderIds, ...pools.productIds], fc.uuid());

  return (field, op) => {
    switch (field) {
      case 'id':
      case 'orderId':
        return ids;
      case 'email':
        return op.path === '/api/user/admin/{email}'
          ? oneOf([bystander.email, admin.email], freshEmail)
          : oneOf(emails, freshEmail);
      case 'userEmail':
        return oneOf(emails, freshEmail);
      case 'userId':
        return role === 'admin'
          ? fc.constant(bystander.id)
          : fc.constantFrom(customer.id, other.id, bystander.id, admin.id);
      case 'clientSecret':
        return oneOf(pools.clientSecrets, fc.string());
      case 'transactionId':
        return oneOf(pools.transactionIds, fc.string());
      case 'key':
        return oneOf(pools.uploadKeys, fc.string());
      case 'password':
        return fc.constant(STRONG_PASSWORD);
      case 'phone':
        return fc.constant(PHONE);
      case 'orderQuantity':
        return fc.integer({ min: 1, max: 5 });
      case 'cardNumber':
        return fc.constantFrom(CARD, ...TEST_CARDS.map((card) => card.number));
      case 'expiry':
        return fc.constantFrom('12/40', '01/2031', '12/20');
      case 'cvc':
        return fc.constantFrom('123', '9999');
      case 'image':
        return op.path === '/api/tool'
          ? fc.constantFrom(
              '/images/tools/torque-wrench.svg',
              ...pools.uploadKeys.map((k) => `/uploads/${k}`),
            )
          : undefined;
      case 'price':
        return fc.integer({ min: 1, max: 500 });
      case 'available_quantity':
        return fc.integer({ min: 20, max: 5000 });
      case 'minimum_order_quantity':
        return fc.integer({ min: 1, max: 20 });
      case 'ratings':
        return fc.integer({ min: 1, max: 5 });
      default:
        return undefined;
    }
  };
}
