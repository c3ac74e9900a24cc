/**
 * A product's page and a buyer's downloads (DESIGN.md "More ways to be paid"):
 * `GET /@{handle}/products/{slug}` shows it in the site's design (product-page.ts); its `POST` goes on to Checkout,
 * for the signed-in reader or the address a visitor typed; `/@{handle}/downloads?token=` is the receipt mail's page of
 * the purchase's files, and `?file=` one of those files, streamed with byte ranges by the media room's own code.
 * The same paths on a custom domain (`/products/{slug}`, `/downloads`) are rewritten here by host routing.
 */
import { parseCookie } from 'cookie';
import express, { type Request, type Router } from 'express';
import type { ErrorCode } from '../../common/error-codes.ts';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import { AppError } from '../errors.ts';
import { contextOf } from '../http/index.ts';
import { contentDisposition, streamStoredFile } from '../media/index.ts';
import { HOLDER_PROOF_SECONDS, type ProductDownloads, type ProductStore, type PublicProduct, type TokenDownloads } from '../products/index.ts';
import { downloadsHead, downloadsMain, productHead, productMain, PUBLIC_IMAGE_TTL_MS, type DownloadsPageInput, type PageHead, type ProductPageInput } from '../rendering/index.ts';
import { sitePath } from '../sites/index.ts';
import type { Storage } from '../storage/index.ts';
import { formFields, goToCheckout, visitorEmail } from './checkout-form.ts';
import { personalPages } from './personal-page.ts';
import type { FoundSite, SitePage, SiteResponse, SiteRoutesDeps } from './site-page.ts';

/** What the product pages use of the products room, and the store their files are streamed from. */
export interface ProductPages {
  store: ProductStore;
  downloads: ProductDownloads;
  storage: Storage;
}

/** Refusals a buyer reads in words on the page; anything else is ours and goes to the error screen. */
const CHECKOUT_ERRORS: readonly ErrorCode[] = ['payments-not-ready', 'stripe-unavailable', 'cannot-join-own-site', 'not-found', 'too-many-requests'];

export function productRoutes(router: Router, deps: SiteRoutesDeps, pages: SitePage): void {
  const { products } = deps;
  if (!products) return;
  const { content, appUrl, session, sameOrigin, signer } = deps;

  const sendPersonalPage = personalPages(deps, pages);
  const sendFramed = (req: Request, res: SiteResponse, found: FoundSite, head: PageHead, main: string, noReferrer = false) => sendPersonalPage(req, res, found, { head, main, noReferrer });

  async function coverUrl(siteId: string, product: PublicProduct): Promise<string | undefined> {
    if (!product.coverMediaId) return undefined;
    const [cover] = (await content.mediaByIds(siteId, [product.coverMediaId])).values();
    if (cover?.kind !== 'image') return undefined;
    return `${(await signer()).prefix(cover.id, PUBLIC_IMAGE_TTL_MS)}/${cover.derived.images?.at(-1)?.file ?? 'original'}`;
  }

  async function sendProductPage(req: Request, res: SiteResponse, found: FoundSite, product: PublicProduct, extra: Pick<ProductPageInput, 'signup' | 'error'> = {}) {
    const { site, readerId } = found;
    const joiner = !readerId ? 'signed-out' : readerId === site.ownerId ? 'owner' : 'signed-in';
    const input: ProductPageInput = { site, product, coverUrl: await coverUrl(site.id, product), joiner, bought: req.query.bought === '1', appUrl, ...extra };
    await sendFramed(req, res, found, productHead(input), productMain(input));
  }

  router.get(
    '/@:handle/products/:slug',
    session,
    pages.pass(async (req, res, next) => {
      const found = await pages.siteFor(req, res, next);
      if (!found) return;
      const product = await products.store.bySlug(found.site.id, String(req.params.slug));
      if (!product) return pages.notFound(res, next);
      await sendProductPage(req, res, found, product);
    }),
  );

  router.post(
    '/@:handle/products/:slug',
    sameOrigin,
    session,
    express.urlencoded({ extended: false, limit: '4kb' }),
    pages.pass(async (req, res, next) => {
      const found = await pages.siteFor(req, res, next);
      if (!found) return;
      const product = await products.store.bySlug(found.site.id, String(req.params.slug));
      if (!product) return pages.notFound(res, next);
      const signedIn = res.locals.auth?.user.id;
      const typed = formFields(req)('email');
      let email: string | undefined;
      if (!signedIn) {
        const visitor = visitorEmail(typed);
        if ('problem' in visitor) {
          res.status(400);
          return sendProductPage(req, res, found, product, { signup: { email: typed, problems: { email: visitor.problem } } });
        }
        email = visitor.email;
      }
      await goToCheckout(res, () => products.store.checkout(found.site.handle, product.slug, signedIn ? { userId: signedIn } : { email }, contextOf(req).ip), CHECKOUT_ERRORS, (error) =>
        sendProductPage(req, res, found, product, { signup: { email: typed, problems: {} }, error: SERVER_MESSAGES[error.code] }),
      );
    }),
  );

  async function sendDownloads(req: Request, res: SiteResponse, found: FoundSite, input: Omit<DownloadsPageInput, 'site'>) {
    await sendFramed(req, res, found, downloadsHead(found.site, appUrl), downloadsMain({ site: found.site, ...input }), true);
  }

  const refusalOf = (error: unknown): DownloadsPageInput['refusal'] => {
    if (!(error instanceof AppError) || (error.status !== 403 && error.status !== 410)) throw error;
    return error.status === 410 ? 'gone' : 'forbidden';
  };

  router.get(
    '/@:handle/downloads',
    session,
    pages.pass(async (req, res, next) => {
      const found = await pages.siteFor(req, res, next);
      if (!found) return;
      const viewerId = res.locals.auth?.user.id;
      const downloadsPath = sitePath(found.site, '/downloads');
      if (typeof req.query.file === 'string') {
        let stored;
        try {
          const cookies = parseCookie(req.headers.cookie ?? '');
          stored = await products.downloads.open(found.site.id, req.query.file, viewerId, (name) => cookies[name]);
        } catch (error) {
          const refusal = refusalOf(error);
          res.status(refusal === 'gone' ? 410 : 403);
          return sendDownloads(req, res, found, { refusal });
        }
        const headers = {
          'Content-Type': stored.contentType,
          'Content-Disposition': contentDisposition('attachment', stored.fileName),
          'Cache-Control': 'private, no-store',
          'X-Content-Type-Options': 'nosniff',
          'Content-Security-Policy': "default-src 'none'; sandbox",
          'Referrer-Policy': 'no-referrer',
        };
        if (!(await streamStoredFile(req, res, products.storage, { key: stored.key, headers }))) {
          res.status(410);
          return sendDownloads(req, res, found, { refusal: 'gone' });
        }
        return;
      }
      const token = typeof req.query.token === 'string' ? req.query.token : '';
      let purchase: TokenDownloads;
      try {
        purchase = await products.downloads.byToken(found.site.id, token, viewerId);
      } catch (error) {
        const refusal = refusalOf(error);
        res.status(refusal === 'gone' ? 410 : 403);
        return sendDownloads(req, res, found, { refusal });
      }
      // This browser holds the buyer's token: its file links open here, and nowhere they are copied to (download-links.ts).
      res.cookie(purchase.holder.cookie, purchase.holder.proof, { httpOnly: true, sameSite: 'lax', secure: appUrl.protocol === 'https:', path: downloadsPath, maxAge: HOLDER_PROOF_SECONDS * 1000 });
      const files = purchase.files.map((file) => ({ ...file, url: `${downloadsPath}${file.query}` }));
      await sendDownloads(req, res, found, { purchase: { title: purchase.title, files, filesGone: purchase.filesGone } });
    }),
  );
}
