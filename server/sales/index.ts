/** What other rooms use of server/sales/ (docs/architecture.md): its public surface. */
export { createSalesService, refundedOf, type SalesDeps, type SalesService } from './sales-service.ts';
export type { NoteSale, PaymentCheckoutRequest, Sale, SaleFulfiller, StartPaymentCheckout } from './sales-types.ts';
