/**
 * The creator's tiers (issue 10, item 2): list, create, edit, archive and
 * reorder, with the rules the studio and the API share. The free tier always
 * exists and stays free and open; a paid tier needs a price; a paid tier may
 * be open to new members only while the site can take money; a tier with
 * members keeps its currency. Paid tiers are kept in step with the creator's
 * Stripe account inside the same transaction as the row, so a Stripe failure
 * changes nothing of ours.
 */
import { and, asc, count, eq, max } from 'drizzle-orm';
import type { TierView } from '../../common/api/tiers.ts';
import type { CreateTierInput, UpdateTierInput } from '../../common/tier-schemas.ts';
import type { Database } from '../../db/connect.ts';
import { memberships, tiers } from '../../db/content-schema.ts';
import { AppError } from '../errors.ts';
import type { PaymentsReady, SiteStripe } from '../payments/index.ts';
import { findSiteByOwner, type Site, type SiteChanged } from '../sites/index.ts';
import { syncTierWithStripe } from './tier-stripe.ts';
import type { Transaction } from '../../db/transaction.ts';

type TierRow = typeof tiers.$inferSelect;

export interface TiersServiceDeps {
  db: Database;
  paymentsReady: PaymentsReady;
  /** The site's pages show its tiers' offer: told in the same transaction. */
  siteChanged: SiteChanged;
}

export function toTierView(row: TierRow): TierView {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    benefits: row.benefits,
    type: row.type,
    monthlyPrice: row.monthlyPrice,
    yearlyPrice: row.yearlyPrice,
    currency: row.currency,
    active: row.active,
    position: row.position,
    trialDays: row.trialDays,
  };
}

const pricesOf = (row: Pick<TierRow, 'monthlyPrice' | 'yearlyPrice' | 'currency'>) => `${row.monthlyPrice}/${row.yearlyPrice}/${row.currency}`;

export function createTiersService({ db, paymentsReady, siteChanged }: TiersServiceDeps) {
  async function siteOf(ownerId: string): Promise<Site> {
    const site = await findSiteByOwner(db, ownerId);
    if (!site) throw new AppError('site-required', 409);
    return site;
  }

  async function tiersOf(executor: Database | Transaction, siteId: string): Promise<TierRow[]> {
    return executor.select().from(tiers).where(eq(tiers.siteId, siteId)).orderBy(asc(tiers.position), asc(tiers.createdAt));
  }

  /** The site's Stripe (own key or connected account) to write to, or undefined when the site cannot take money. */
  async function readyAccount(tx: Transaction, siteId: string): Promise<SiteStripe | undefined> {
    const { ready, stripe } = await paymentsReady(siteId, tx);
    return ready ? stripe : undefined;
  }

  /** Brings Stripe in step when the site can take money; otherwise forgets price ids that no longer match (made again on publishing). */
  async function withStripeIds(tx: Transaction, siteId: string, previous: TierRow | undefined, next: TierRow): Promise<TierRow> {
    if (next.type !== 'paid') return next;
    const account = await readyAccount(tx, siteId);
    if (account) return { ...next, ...(await syncTierWithStripe(account, previous, next)) };
    const stale = previous === undefined || pricesOf(previous) !== pricesOf(next);
    return stale ? { ...next, stripeMonthlyPriceId: null, stripeYearlyPriceId: null } : next;
  }

  /** A paid tier open to new members needs a site that can take money (checked only when it opens or its prices change). */
  async function assertCanPublish(tx: Transaction, siteId: string, previous: TierRow | undefined, next: TierRow): Promise<void> {
    if (next.type !== 'paid' || !next.active) return;
    if (previous?.active && pricesOf(previous) === pricesOf(next)) return;
    if (!(await readyAccount(tx, siteId))) throw new AppError('payments-not-ready', 409);
  }

  function assertPriced(row: TierRow): void {
    if (row.type === 'paid' && row.monthlyPrice === null && row.yearlyPrice === null) throw new AppError('price-required', 400, 'monthlyPrice');
  }

  return {
    async list(ownerId: string): Promise<TierView[]> {
      const site = await siteOf(ownerId);
      return (await tiersOf(db, site.id)).map(toTierView);
    },

    async create(ownerId: string, input: Required<CreateTierInput>): Promise<TierView> {
      const site = await siteOf(ownerId);
      return db.transaction(async (tx) => {
        const [last] = await tx.select({ position: max(tiers.position) }).from(tiers).where(eq(tiers.siteId, site.id));
        const [draft] = await tx
          .insert(tiers)
          .values({ siteId: site.id, type: 'paid', ...input, position: (last?.position ?? -1) + 1 })
          .returning();
        assertPriced(draft!);
        await assertCanPublish(tx, site.id, undefined, draft!);
        const synced = await withStripeIds(tx, site.id, undefined, draft!);
        const [saved] = await tx.update(tiers).set(stripeIdsOf(synced)).where(eq(tiers.id, draft!.id)).returning();
        await siteChanged(site.id, tx);
        return toTierView(saved!);
      });
    },

    async update(ownerId: string, id: string, patch: UpdateTierInput): Promise<TierView> {
      const site = await siteOf(ownerId);
      return db.transaction(async (tx) => {
        // The row lock keeps two edits of one tier from making two new prices.
        const [previous] = await tx
          .select()
          .from(tiers)
          .where(and(eq(tiers.id, id), eq(tiers.siteId, site.id)))
          .for('update')
          .limit(1);
        if (!previous) throw new AppError('not-found', 404);
        const next: TierRow = { ...previous, ...definedOf(patch) };
        if (previous.type === 'free' && (next.monthlyPrice !== null || next.yearlyPrice !== null || !next.active || next.trialDays !== null)) throw new AppError('free-tier-fixed', 409);
        assertPriced(next);
        if (next.currency !== previous.currency) {
          const [members] = await tx.select({ n: count() }).from(memberships).where(eq(memberships.tierId, id));
          if ((members?.n ?? 0) > 0) throw new AppError('currency-fixed', 409, 'currency');
        }
        await assertCanPublish(tx, site.id, previous, next);
        const synced = await withStripeIds(tx, site.id, previous, next);
        const { id: _id, siteId: _siteId, type: _type, createdAt: _createdAt, ...columns } = synced;
        const [saved] = await tx.update(tiers).set(columns).where(eq(tiers.id, id)).returning();
        await siteChanged(site.id, tx);
        return toTierView(saved!);
      });
    },

    /** `ids` must be every one of the creator's tiers, once each. */
    async reorder(ownerId: string, ids: readonly string[]): Promise<TierView[]> {
      const site = await siteOf(ownerId);
      return db.transaction(async (tx) => {
        const current = await tx.select({ id: tiers.id }).from(tiers).where(eq(tiers.siteId, site.id)).for('update');
        const known = new Set(current.map((row) => row.id));
        if (new Set(ids).size !== ids.length || ids.length !== known.size || ids.some((tierId) => !known.has(tierId))) throw new AppError('invalid-input', 400, 'ids');
        for (const [position, tierId] of ids.entries()) await tx.update(tiers).set({ position }).where(eq(tiers.id, tierId));
        await siteChanged(site.id, tx);
        return (await tiersOf(tx, site.id)).map(toTierView);
      });
    },
  };
}

function stripeIdsOf(row: TierRow) {
  return { stripeProductId: row.stripeProductId, stripeMonthlyPriceId: row.stripeMonthlyPriceId, stripeYearlyPriceId: row.stripeYearlyPriceId };
}

/** A PATCH leaves out what it does not change; `null` is a value (a price removed). */
function definedOf(patch: UpdateTierInput): Partial<TierRow> {
  return Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
}

export type TiersService = ReturnType<typeof createTiersService>;
