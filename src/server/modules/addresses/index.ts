import type { ModuleDescriptor } from '../../kernel/jobs/module-descriptor';

/** Each customer's address book; one default, kept by a partial unique index. */
export const addressesModule: ModuleDescriptor = { name: 'modules/addresses', tables: ['addresses'] };
