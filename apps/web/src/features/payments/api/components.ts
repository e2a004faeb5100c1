/** The payments' public components: SBP's QR code, drawn on our page (the payment link's page shows it too). */
export { QrCode } from '../components/payment-qr';
