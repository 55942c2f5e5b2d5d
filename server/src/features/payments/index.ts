export { callProvider, createPaymentProvider, type PaymentProvider } from './provider.ts';
export { recordPayment } from './record-payment.ts';
export { paymentRoutes } from './routes.ts';
