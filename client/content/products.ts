/** The words of the studio's products (client/features/earn/products/). */
import type { ProductFileKind } from '../../common/api/products.ts';
import type { ProductStatus, SaleStatus } from '../../common/earn.ts';

export const PRODUCT_STATUS_LABELS: Record<ProductStatus, string> = {
  active: 'On sale',
  archived: 'Archived',
};

export const PRODUCT_FILE_KIND_LABELS: Record<ProductFileKind, string> = {
  pdf: 'PDF',
  zip: 'Zip',
  audio: 'Audio',
  video: 'Video',
};

export const PRODUCT_SALE_STATUS_LABELS: Record<SaleStatus, string> = {
  open: 'At checkout',
  paid: 'Paid',
  expired: 'Not paid',
  refunded: 'Refunded',
};

export const PRODUCTS_INTRO = 'Files from your library sold once: a PDF, audio, video or a zip. Buyers pay through Stripe and download from their receipt and their account page.';
export const PRODUCTS_EMPTY = 'No products yet. Upload a PDF, audio, video or zip to your library, then make one here.';
export const PRODUCTS_NO_FILES = 'Upload a PDF, audio, video or zip in Upload content first: a product is made of files from your library.';
export const PRODUCT_SALES_EMPTY = 'No sales yet.';
