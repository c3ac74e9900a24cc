/**
 * Tips (DESIGN.md "More ways to be paid", docs/decisions/163): a reader's one-time amount within the creator's
 * minimum and maximum, opened as a sale of the sales room (a `tips` row beside it holds the message and the post), and
 * the creator's list of them. The tip jar's settings live on the site (`sites.tips`) and are written by the sites
 * room's `PATCH /api/sites/mine`; a tip's state is its sale's, so tips need no fulfiller of their own.
 */
import { and, eq, inArray, sql, type SQLWrapper } from 'drizzle-orm';
import type { TipsAnswer } from '../../common/api/tips.ts';
import { tipRange, type TipSettings } from '../../common/earn.ts';
import type { TipCheckout } from '../../common/tip-schemas.ts';
import type { Database } from '../../db/connect.ts';
import { posts, sites, tiers } from '../../db/content-schema.ts';
import { tips } from '../../db/earn-schema.ts';
import { paymentAccounts } from '../../db/money-schema.ts';
import { users } from '../../db/schema.ts';
import { AppError, badRequest } from '../errors.ts';
import { readinessOnceKnown, type PaymentsReady } from '../payments/index.ts';
import type { RateLimiter } from '../rate-limits/index.ts';
import type { SalesService } from '../sales/index.ts';
import { siteIsSuspendedColumn } from '../site-standing/index.ts';
import { findSiteByHandle, findSiteByOwner, siteUrl } from '../sites/index.ts';

const FALLBACK_CURRENCY = 'usd';

export interface TipsDeps {
  db: Database;
  sales: Pick<SalesService, 'startPaymentCheckout' | 'listSales' | 'salesTotals'>;
  paymentsReady: PaymentsReady;
  rateLimiter: Pick<RateLimiter, 'consumePublicCheckout'>;
  appUrl: URL;
}

/**
 * The currency tips are in: the paid tiers' (as reports count), else the Stripe account's default, else usd; a column,
 * so one query reads it beside others. Written with aliases: in a query of one table drizzle names columns without
 * their table, and `site_id = id` inside the subquery would be the tier's own id.
 */
const tipCurrency = (siteId: SQLWrapper | string) =>
  sql<string>`coalesce(
    (select t.currency from ${tiers} t where t.site_id = ${siteId} and t.type = 'paid' order by t.position, t.created_at limit 1),
    (select lower(a.default_currency) from ${paymentAccounts} a where a.site_id = ${siteId}),
    ${FALLBACK_CURRENCY})`;

/** The row's own site id, named with its table for the subqueries above (see tipCurrency). */
const siteIdOfRow = sql`${sites}.${sql.identifier('id')}`;

async function tipCurrencyOf(db: Database, siteId: string): Promise<string> {
  const [row] = await db.select({ currency: tipCurrency(siteId) }).from(sites).where(eq(sites.id, siteId));
  return row?.currency ?? FALLBACK_CURRENCY;
}

/**
 * What a tip's Checkout checks of the site `handle` names, in one round trip and without its id, so it runs beside the
 * site's own lookup: suspended, the currency, and whether the post named is this site's and published.
 */
async function checkoutFactsOf(db: Database, handle: string, postId: string | undefined) {
  const [row] = await db
    .select({
      siteId: sites.id,
      suspended: siteIsSuspendedColumn(siteIdOfRow),
      currency: tipCurrency(siteIdOfRow),
      postFound: postId
        ? sql<boolean>`exists (select 1 from ${posts} p where p.id = ${postId} and p.site_id = ${siteIdOfRow} and p.status = 'published')`
        : sql<boolean>`true`,
    })
    .from(sites)
    .where(eq(sites.handle, handle.toLowerCase()));
  return row;
}

export function createTipsService({ db, sales, paymentsReady, rateLimiter, appUrl }: TipsDeps) {
  /** Opens a tip's Checkout; `tipperId` when signed in, `ip` for the rate limit. */
  async function startCheckout(handle: string, input: TipCheckout, tipperId: string | undefined, ip: string): Promise<{ url: string }> {
    // The site, its checks and the rate limit's write side by side, not one after another; the limit counts a refused attempt too.
    const found = findSiteByHandle(db, handle);
    const readiness = readinessOnceKnown(found, paymentsReady);
    const [site, facts, overLimit] = await Promise.all([
      found,
      checkoutFactsOf(db, handle, input.postId),
      // Its refusal is kept, so an unknown or suspended site answers as such whichever query ends first.
      rateLimiter.consumePublicCheckout(ip).then(
        () => undefined,
        (error: Error) => error,
      ),
    ]);
    if (!site?.publishedAt || facts?.siteId !== site.id) throw new AppError('not-found', 404);
    if (facts.suspended) throw new AppError('site-suspended', 410);
    const settings: TipSettings = site.tips;
    if (!settings.enabled) throw new AppError('tips-off', 409);
    const currency = facts.currency;
    const { minimum, maximum } = tipRange(settings, currency);
    if (input.amount < minimum || input.amount > maximum) throw badRequest('invalid-input', 'amount');
    if (input.currency !== undefined && input.currency !== currency) throw badRequest('invalid-input', 'currency');
    // A post named must be this site's and published; another site's post is no post here.
    if (!facts.postFound) throw badRequest('invalid-input', 'postId');
    if (overLimit) throw overLimit;
    const { url } = await sales.startPaymentCheckout({
      site,
      kind: 'tip',
      amount: input.amount,
      currency,
      itemName: `A tip for ${site.title}`,
      buyer: tipperId ? { userId: tipperId } : input.email ? { email: input.email } : {},
      metadata: input.postId ? { postId: input.postId } : {},
      successPath: '/tip?tipped=1',
      cancelPath: input.postId ? `/tip?post=${input.postId}` : '/tip',
      readiness,
      withSale: async (tx, saleId) => {
        await tx.insert(tips).values({ saleId, siteId: site.id, postId: input.postId ?? null, message: input.message ?? '' });
      },
    });
    return { url };
  }

  /** The creator's own tips, a page at a time, with the jar's settings; only their own site's, whatever they ask. */
  async function list(ownerId: string, page: number): Promise<TipsAnswer> {
    const site = await findSiteByOwner(db, ownerId);
    if (!site) throw new AppError('not-found', 404);
    const [{ sales: paid, hasMore }, totals, currency, readiness] = await Promise.all([
      sales.listSales(site.id, 'tip', page),
      sales.salesTotals(site.id, 'tip'),
      tipCurrencyOf(db, site.id),
      paymentsReady(site.id),
    ]);
    const ids = paid.map((sale) => sale.id);
    const rows = ids.length
      ? await db
          .select({ saleId: tips.saleId, message: tips.message, postId: tips.postId, postTitle: posts.title })
          .from(tips)
          .leftJoin(posts, eq(posts.id, tips.postId))
          .where(and(eq(tips.siteId, site.id), inArray(tips.saleId, ids)))
      : [];
    const buyerIds = [...new Set(paid.flatMap((sale) => (sale.buyerUserId ? [sale.buyerUserId] : [])))];
    const names = buyerIds.length ? await db.select({ id: users.id, name: users.displayName }).from(users).where(inArray(users.id, buyerIds)) : [];
    const tipOf = new Map(rows.map((row) => [row.saleId, row]));
    const nameOf = new Map(names.map((row) => [row.id, row.name]));
    const inCurrency = totals.find((row) => row.currency === currency);
    return {
      tips: paid.map((sale) => {
        const tip = tipOf.get(sale.id);
        return {
          id: sale.id,
          amount: sale.amount,
          currency: sale.currency,
          refunded: sale.refunded,
          message: tip?.message ?? '',
          postId: tip?.postId ?? null,
          postTitle: tip?.postTitle ?? null,
          tipperName: (sale.buyerUserId && nameOf.get(sale.buyerUserId)) || null,
          tipperEmail: sale.buyerEmail,
          paidAt: sale.paidAt?.toISOString() ?? null,
          status: sale.status,
        };
      }),
      hasMore,
      settings: site.tips,
      tipPageUrl: siteUrl(site, appUrl, '/tip'),
      currency,
      paymentsReady: readiness.ready,
      totals: { count: totals.reduce((sum, row) => sum + row.count, 0), revenue: inCurrency?.revenue ?? 0 },
    };
  }

  /** What the tip page shows beside the jar's settings: the currency, and the post a link named when it is this site's and published. */
  async function pageFacts(siteId: string, postId: string | undefined): Promise<{ currency: string; post?: { id: string; title: string } }> {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    const [currency, [post]] = await Promise.all([
      tipCurrencyOf(db, siteId),
      postId && uuid.test(postId)
        ? db.select({ id: posts.id, title: posts.title }).from(posts).where(and(eq(posts.id, postId), eq(posts.siteId, siteId), eq(posts.status, 'published')))
        : Promise.resolve([]),
    ]);
    return post ? { currency, post } : { currency };
  }

  return { startCheckout, list, pageFacts };
}

export type TipsService = ReturnType<typeof createTipsService>;
