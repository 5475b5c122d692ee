import type { ModuleDescriptor } from '../../kernel/jobs/module-descriptor';

/** Codes and automatic discounts, and each use taken (decisions 057, 058). */
export const discountsModule: ModuleDescriptor = {
  name: 'modules/discounts',
  tables: ['discounts', 'discount_uses'],
};
