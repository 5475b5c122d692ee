// The router's entry for one order as staff see it; the screen lives with the other admin order screens.
export { AdminOrderPage } from '../../../features/admin-orders/pages/admin-order-page';
