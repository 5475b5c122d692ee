/** What a guest's order page is told when the checkout opens it: the order was just placed there. */
export interface GuestPlacedState {
  placed: true;
}
