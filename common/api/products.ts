/**
 * Digital products (DESIGN.md "More ways to be paid"): files of the media library sold once, each on
 * `/@{handle}/products/{slug}`. Prices in minor units of the site's currency. Another creator's product id answers
 * 404, as an unknown one does.
 */
import type { PRODUCT_FILE_KINDS, ProductStatus, SaleStatus } from '../earn.ts';
import { endpoint } from './endpoint.ts';

/** What a product's file is, as the product page and the studio name it. */
export type ProductFileKind = (typeof PRODUCT_FILE_KINDS)[number];

export interface ProductFileView {
  mediaId: string;
  name: string;
  kind: ProductFileKind;
  bytes: number;
}

export interface ProductView {
  id: string;
  title: string;
  slug: string;
  description: string;
  price: number;
  currency: string;
  coverMediaId: string | null;
  status: ProductStatus;
  files: ProductFileView[];
  /** The product page's address, on the site's domain when it has one. */
  url: string;
  /** Sales paid (refunded ones too) and what they brought less refunds, in minor units of `currency`. */
  sales: { count: number; revenue: number };
  createdAt: string;
}

export interface ProductBody {
  title: string;
  slug: string;
  description?: string;
  price: number;
  currency: string;
  mediaIds: string[];
  coverMediaId?: string | null;
}

export interface ProductSaleView {
  id: string;
  status: SaleStatus;
  amount: number;
  currency: string;
  buyerEmail: string | null;
  paidAt: string | null;
  refundedAt: string | null;
}

export const listProducts = endpoint<undefined, undefined, { products: ProductView[] }>('GET', '/api/products');
/**
 * 201. 400 with the field: a price not a whole number above 0, a currency not the site's, media not the creator's,
 * not ready or not a PDF, zip, audio or video. 409 `slug-taken`.
 */
export const createProduct = endpoint<ProductBody, undefined, { product: ProductView }>('POST', '/api/products');
export const updateProduct = endpoint<Partial<ProductBody>, undefined, { product: ProductView }>('PATCH', '/api/products/:id');
/** A product that sold is archived (its buyers keep their files); one never sold is deleted. */
export const deleteProduct = endpoint<undefined, undefined, { deleted: boolean; product?: ProductView }>('DELETE', '/api/products/:id');
export const listProductSales = endpoint<undefined, undefined, { sales: ProductSaleView[] }>('GET', '/api/products/:id/sales');
/** @public A signed-out buyer gives `email`. 200 `{url}` of a Stripe Checkout on the creator's own account. */
export const startProductCheckout = endpoint<{ email?: string }, undefined, { url: string }>('POST', '/api/sites/:handle/products/:slug/checkout');
