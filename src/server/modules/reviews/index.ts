import type { ModuleDescriptor } from '../../kernel/jobs';

/** The store's reviews and each product's. */
export const reviewsModule: ModuleDescriptor = {
  name: 'modules/reviews',
  tables: ['reviews'],
  // A review's product, and whether its author bought it.
  reads: ['order_lines', 'orders', 'products'],
};

export {
  addReview,
  listForModeration,
  listOwnReviews,
  listReviews,
  moderateReview,
  replyToReview,
} from './reviews.service';
