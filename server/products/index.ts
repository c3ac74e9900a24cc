/** What other rooms use of server/products/ (docs/architecture.md): its public surface. */
export { HOLDER_PROOF_SECONDS } from './download-links.ts';
export { createProductDownloads, type ProductDownloads, type PurchaseDownloads, type StoredDownload, type TokenDownloads } from './product-downloads.ts';
export { createProductFulfiller } from './product-fulfiller.ts';
export { productReceiptMailTemplate } from './product-receipt-mail.ts';
export { createProductsFeature } from './products-feature.ts';
export { createProductsService, type ProductsService } from './products-service.ts';
export { createProductStore, type ProductStore, type PublicProduct } from './product-store.ts';
