/**
 * The checkout's public components: the way-to-pay choice the checkout page mounts, and the
 * lesson/course purchase dialog the training pages open.
 */
export {
  isOnlineChoice,
  onlineMethodsFor,
  type PaymentChoice,
  PaymentMethodChoice,
  paymentDevice,
} from '../components/payment-method-choice';
export { type PurchaseFlow, type PurchaseItem, PurchaseModal, type PurchaseQuote } from '../components/purchase-modal';
