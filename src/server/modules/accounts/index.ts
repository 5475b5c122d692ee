import type { ModuleDescriptor } from '../../kernel/jobs';

/** Profiles, and the accounts' roles (decision 051), which only roles.service.ts changes. */
export const accountsModule: ModuleDescriptor = {
  name: 'modules/accounts',
  tables: ['profiles', 'user', 'session', 'account', 'verification'],
};

export {
  assertSelf,
  getProfile,
  listUsers,
  promoteToAdmin,
  recordUser,
  saveProfile,
} from './accounts.service';
export { getCustomer, listCustomers } from './customers.service';
export { changeRole, ensureConfiguredOwners, makeOwner } from './roles.service';
export { listSessions, revokeOtherSessions, revokeSession } from './sessions.service';
