import type { ModuleDescriptor } from '../../kernel/jobs';

/** The staff desk's reads and the owner's numbers: they write nothing and read the orders' books. */
export const manageModule: ModuleDescriptor = {
  name: 'edge/manage',
  reads: ['order_lines', 'orders', 'refunds', 'return_fit_claims', 'returns', 'tools'],
};

export { forDesk, getAnyOrder, listAllOrders, packingSlip, storeStats } from './manage.service';
export { exportOrders, salesReport } from './reports.service';
