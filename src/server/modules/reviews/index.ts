import type { ModuleDescriptor } from '../../kernel/jobs/module-descriptor';

/** The store's reviews and each product's. */
export const reviewsModule: ModuleDescriptor = { name: 'modules/reviews', tables: ['reviews'] };
