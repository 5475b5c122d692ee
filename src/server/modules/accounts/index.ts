import type { ModuleDescriptor } from '../../kernel/jobs/module-descriptor';

/** Profiles, and the accounts' roles (decision 051), which only roles.service.ts changes. */
export const accountsModule: ModuleDescriptor = {
  name: 'modules/accounts',
  tables: ['profiles', 'user', 'session', 'account', 'verification'],
};
