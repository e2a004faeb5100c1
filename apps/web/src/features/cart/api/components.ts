/** The cart's public components: "Change the order", which puts an unpaid order's lines back in the cart. */
export { ChangeOrderButton } from '../components/change-order-button';
