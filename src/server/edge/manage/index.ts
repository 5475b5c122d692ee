export { forDesk, getAnyOrder, listAllOrders, packingSlip, storeStats } from './manage.service';
export { exportOrders, salesReport } from './reports.service';
