// The router's entry for the returns desk; the screen lives with the other admin order screens.
export { ManageReturnsPage } from '../../../features/admin-orders/pages/returns-desk-page';
