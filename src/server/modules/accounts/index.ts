import type { ModuleDescriptor } from '../../kernel/jobs';

/**
 * Profiles, and the accounts' roles (decision 051), which only roles.service.ts changes: the user
 * rows are better-auth's (kernel/identity); the role and the name are this room's shared write.
 */
export const accountsModule: ModuleDescriptor = {
  name: 'modules/accounts',
  tables: ['profiles', 'trade_accounts', 'trade_applications', 'customer_groups'],
  alsoWrites: ['user'],
  // The customers list sums each customer's paid orders (a read up the ladder, decision 089).
  reads: ['orders'],
};

export {
  assertSelf,
  getProfile,
  listUsers,
  promoteToAdmin,
  recordUser,
  saveProfile,
} from './accounts.service';
export { deleteCustomerGroup, listCustomerGroups, saveCustomerGroup } from './customer-groups';
export { getCustomer, listCustomers } from './customers.service';
export { changeRole, ensureConfiguredOwners, makeOwner } from './roles.service';
export { listSessions, revokeOtherSessions, revokeSession } from './sessions.service';
export {
  accountTermsOf,
  type BuyerTerms,
  buyerTerms,
  closeTradeAccount,
  getTradeAccount,
  RETAIL,
  saveTradeAccount,
} from './trade-accounts';
export {
  applyForTrade,
  attachCertificate,
  certificateFileOf,
  decideTradeApplication,
  listTradeApplications,
  myTradeApplication,
  tradeApplicationById,
} from './trade-applications';
export { watchTradeAccounts } from './trade-watch';
