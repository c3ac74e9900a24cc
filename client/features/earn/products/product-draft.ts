/**
 * The product form's values as typed, and what they become: the body of POST or PATCH /api/products, or a problem
 * under each field, checked by the same bounds as the server (common/product-schemas.ts). Pure, so it is tested
 * without a browser.
 */
import type { ProductBody, ProductView } from '../../../../common/api/products.ts';
import { PRODUCT_FILES_MAX } from '../../../../common/earn.ts';
import { formatMoney, stripeMinimumCharge } from '../../../../common/money.ts';
import { PRODUCT_DESCRIPTION_MAX_LENGTH, PRODUCT_TITLE_MAX_LENGTH } from '../../../../common/product-schemas.ts';
import { isValidSlug, slugify } from '../../../../common/slugs.ts';
import { TIER_PRICE_MAX, toMajorText, toMinorUnits } from '../../../../common/tiers.ts';

export interface ProductDraft {
  title: string;
  slug: string;
  /** The creator typed a slug of their own: the title no longer suggests one. */
  slugEdited: boolean;
  description: string;
  price: string;
  mediaIds: string[];
  coverMediaId: string;
}

export type ProductField = 'title' | 'slug' | 'description' | 'price' | 'mediaIds' | 'coverMediaId';

export const emptyDraft = (): ProductDraft => ({ title: '', slug: '', slugEdited: false, description: '', price: '', mediaIds: [], coverMediaId: '' });

/** A product as the form shows it for editing. */
export const draftOf = (product: ProductView): ProductDraft => ({
  title: product.title,
  slug: product.slug,
  slugEdited: true,
  description: product.description,
  price: toMajorText(product.price, product.currency),
  mediaIds: product.files.map((file) => file.mediaId),
  coverMediaId: product.coverMediaId ?? '',
});

/** The title typed, with the slug it suggests until the creator types their own. */
export const withTitle = (draft: ProductDraft, title: string): ProductDraft => ({ ...draft, title, ...(draft.slugEdited ? {} : { slug: slugify(title) }) });

export function checkDraft(draft: ProductDraft, currency: string): { body?: ProductBody; problems: Partial<Record<ProductField, string>> } {
  const problems: Partial<Record<ProductField, string>> = {};
  const title = draft.title.trim();
  if (title === '') problems.title = 'Give the product a title.';
  else if (title.length > PRODUCT_TITLE_MAX_LENGTH) problems.title = `Keep the title to ${PRODUCT_TITLE_MAX_LENGTH} characters.`;
  if (!isValidSlug(draft.slug.trim())) problems.slug = 'Use lowercase letters, digits and single dashes, such as field-guide.';
  if (draft.description.trim().length > PRODUCT_DESCRIPTION_MAX_LENGTH) problems.description = `Keep the description to ${PRODUCT_DESCRIPTION_MAX_LENGTH.toLocaleString()} characters.`;
  const price = toMinorUnits(draft.price, currency);
  if (price === undefined || price < 1 || price > TIER_PRICE_MAX) problems.price = 'Type a price such as 12.00.';
  else if (price < stripeMinimumCharge(currency)) problems.price = `Stripe takes no payment under ${formatMoney(stripeMinimumCharge(currency), currency)}: ask at least that.`;
  if (draft.mediaIds.length === 0) problems.mediaIds = 'Choose at least one file.';
  else if (draft.mediaIds.length > PRODUCT_FILES_MAX) problems.mediaIds = `Choose at most ${PRODUCT_FILES_MAX} files.`;
  if (Object.keys(problems).length > 0 || price === undefined) return { problems };
  return {
    body: { title, slug: draft.slug.trim(), description: draft.description.trim(), price, currency, mediaIds: draft.mediaIds, coverMediaId: draft.coverMediaId || null },
    problems,
  };
}
