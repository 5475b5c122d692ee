import type { ModuleDescriptor } from '../../kernel/jobs';

/**
 * The staff desk's reads and the numbers: they write nothing. The numbers' sales figures are the
 * books' (modules/books, decision 091); refunds are read there, not here.
 */
export const manageModule: ModuleDescriptor = {
  name: 'edge/manage',
  reads: ['order_lines', 'orders', 'products', 'return_fit_claims', 'returns'],
};

export { forDesk, getAnyOrder, listAllOrders, packingSlip, storeStats } from './manage.service';
export { exportOrders, salesReport } from './reports.service';
