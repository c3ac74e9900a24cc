/**
 * `/@{handle}/products/{slug}` (and `/products/{slug}` on the site's domain): one digital product in the site's design:
 * its cover, title, description (as text, in paragraphs), what is included (each file's name, kind and size), the
 * price and "Buy", a plain form that works with JavaScript off (a visitor gives the address the receipt goes to).
 * After Checkout (`?bought=1`) it thanks the buyer and says the receipt mail has the link. And `/downloads`: the
 * files a purchase holds, each a short-lived link, with a kind word for any the creator removed since.
 */
import { formatMoney } from '../../common/money.ts';
import { sitePath, siteUrl, type Site } from '../sites/index.ts';
import { text } from './html.ts';
import { emailJoinFields, type JoinerState, type SignupForm } from './join-page.ts';
import { formatBytes } from './media-html.ts';
import type { PageHead } from './page-shell.ts';

interface ProductFileItem {
  name: string;
  kind: string;
  bytes: number;
}

export interface ProductPageInput {
  site: Site;
  product: { title: string; slug: string; description: string; price: number; currency: string; files: ProductFileItem[] };
  /** The cover's `src`, signed or stable. */
  coverUrl?: string | undefined;
  joiner: JoinerState;
  bought: boolean;
  signup?: SignupForm;
  error?: string;
  appUrl: URL;
}

const KIND_WORDS: Record<string, string> = { pdf: 'PDF', zip: 'Zip archive', audio: 'Audio', video: 'Video' };

/** The description as the creator typed it: text, a paragraph for each blank-line break, a line break for each newline. */
export function paragraphsOf(description: string): string {
  return description
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${paragraph.split('\n').map(text).join('<br>')}</p>`)
    .join('');
}

function filesHtml(files: readonly ProductFileItem[], heading: string, link?: (index: number) => string): string {
  const items = files.map((file, index) => {
    const label = `${text(file.name)}</span> <span class="product__file-meta">${text(KIND_WORDS[file.kind] ?? file.kind)}, ${text(formatBytes(file.bytes))}`;
    return `<li class="product__file">${link ? `<a href="${text(link(index))}" download><span>${label}</span></a>` : `<span>${label}</span>`}</li>`;
  });
  return `<h2 class="product__files-heading">${text(heading)}</h2><ul class="product__files">${items.join('')}</ul>`;
}

function buyHtml(input: ProductPageInput): string {
  const { site, product, joiner } = input;
  const action = sitePath(site, `/products/${product.slug}`);
  if (joiner === 'owner') return '<p class="tier__note">This is your product: readers see a "Buy" button here.</p>';
  if (joiner === 'signed-in') return `<form method="post" action="${text(action)}"><button class="button" type="submit">Buy</button></form>`;
  const form = input.signup ?? { email: '', problems: {} };
  return `<form class="sign-in__form" method="post" action="${text(action)}" novalidate>
<p class="field__hint">Your receipt and the download link go to this address. Buying goes on to a secure payment page.</p>
${emailJoinFields(site, 'product-email', form.email, form.problems.email, 'Buy', 'buying')}
</form>`;
}

export function productMain(input: ProductPageInput): string {
  const { site, product, coverUrl, error } = input;
  const price = formatMoney(product.price, product.currency);
  const cover = coverUrl ? `<img class="product__cover" src="${text(coverUrl)}" alt="">` : '';
  const heading = `<h1>${text(product.title)}</h1><p class="join__tagline">From ${text(site.title)}</p>`;
  if (input.bought) {
    return `<section class="join product product--bought">${heading}<p class="notice" role="status">Thank you for your purchase. Your receipt is on its way by e-mail: its link takes you to your files. You will also find them on <a href="${text(sitePath(site, '/account'))}">your account page</a> once you sign in.</p></section>`;
  }
  const errorHtml = error ? `<p class="notice notice--error" role="alert">${text(error)}</p>` : '';
  return `<section class="join product">${cover}${heading}${errorHtml}<div class="product__description">${paragraphsOf(product.description)}</div>
${filesHtml(product.files, 'What is included')}
<div class="tier"><p class="tier__price">${text(price)}</p>${buyHtml(input)}</div></section>`;
}

export function productHead({ site, product, appUrl }: ProductPageInput): PageHead {
  return {
    title: `${product.title} · ${site.title}`,
    description: product.description.slice(0, 160) || `A download from ${site.title}.`,
    canonicalUrl: siteUrl(site, appUrl, `/products/${product.slug}`),
    type: 'website',
    siteName: site.title,
  };
}

export interface DownloadsPageInput {
  site: Site;
  /** The purchase's files, each with its link; or the reason there are none to give. */
  purchase?: { title: string; files: (ProductFileItem & { url: string })[]; filesGone: number };
  refusal?: 'gone' | 'forbidden';
}

const REFUSALS: Record<NonNullable<DownloadsPageInput['refusal']>, string> = {
  gone: 'This download link no longer works. It may have expired, or the purchase was refunded. Sign in to see your purchases on your account page.',
  forbidden: 'This download link is not yours, or it was changed. Open the link in your receipt e-mail, or sign in with the address you bought with.',
};

/** What a buyer is told when a file the creator removed is missing from their purchase. */
export function filesGoneWords(count: number): string {
  return count === 1
    ? 'One file of this product is no longer available: the creator removed it. The rest are here for you.'
    : `${count} files of this product are no longer available: the creator removed them. Anything left is here for you.`;
}

export function downloadsMain({ site, purchase, refusal }: DownloadsPageInput): string {
  if (!purchase) {
    return `<section class="join downloads"><h1>Your downloads</h1><p class="notice" role="status">${text(REFUSALS[refusal ?? 'forbidden'])}</p><p><a class="button button--quiet" href="${text(sitePath(site, '/sign-in'))}">Sign in</a></p></section>`;
  }
  const gone = purchase.filesGone > 0 ? `<p class="notice" role="status">${text(filesGoneWords(purchase.filesGone))}</p>` : '';
  const files = purchase.files.length > 0 ? filesHtml(purchase.files, 'Your files', (index) => purchase.files[index]!.url) : '';
  return `<section class="join downloads"><h1>${text(purchase.title)}</h1>${gone}${files}<p class="field__hint">Each link works for a few minutes: come back to this page, or your account page, for fresh ones.</p></section>`;
}

export function downloadsHead(site: Site, appUrl: URL): PageHead {
  return { title: `Your downloads · ${site.title}`, description: `Your downloads from ${site.title}.`, canonicalUrl: siteUrl(site, appUrl, '/downloads'), type: 'website', siteName: site.title, noindex: true };
}
