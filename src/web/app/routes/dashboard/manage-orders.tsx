// The router's entry for Manage All Orders; the screen lives with the other admin order screens.
export { ManageOrdersPage } from '../../../features/admin-orders/pages/manage-orders-page';
