/**
 * The creator's subscribers: the list, one member with their history, the
 * creator's note and labels, comping a member onto a tier, removing a member
 * (ending their Stripe subscription on the creator's own account when they
 * pay), and the job that ends comps whose date has passed. Every function
 * takes the acting creator's id and works within their site only: another
 * site's member is not found (404, docs/decisions/025).
 */
import { and, asc, desc, eq } from 'drizzle-orm';
import type { MemberDetail, MemberEvent, MembersAnswer, MemberSummary } from '../../common/api/members.ts';
import type { CompInput, MemberPatch, MembersQueryData, RemoveInput } from '../../common/member-schemas.ts';
import { isUuid } from '../../common/post-schemas.ts';
import type { Database } from '../../db/connect.ts';
import { memberships, tiers } from '../../db/content-schema.ts';
import { emailDisabledMembers } from '../../db/email-schema.ts';
import { membershipEvents, paymentAccounts } from '../../db/money-schema.ts';
import type { Clock } from '../clock.ts';
import { AppError } from '../errors.ts';
import type { Logger } from '../logger.ts';
import type { StripeClient } from '../payments/stripe-client.ts';
import { BILLED_STATUSES, cancelRenewal, compMembership, endExpiredComps, endMembership, setCreatorFields } from '../memberships/index.ts';
import { findSiteByOwner, type Site } from '../sites/site-lookup.ts';
import { csvLines } from './members-export.ts';
import { countMembers, MEMBER_COLUMNS, readExportPage, readMembersPage, type ExportPage, type MemberRow } from './members-query.ts';
import { users } from '../../db/schema.ts';

const notFound = () => new AppError('not-found', 404);

export interface MembersDeps {
  db: Database;
  clock: Clock;
  logger: Logger;
  /** Absent when STRIPE_SECRET_KEY is unset. */
  stripe: StripeClient | undefined;
}

export const paysThroughStripe = (row: Pick<MemberRow, 'stripeSubscriptionId' | 'status' | 'source'>) =>
  row.source === 'stripe' && row.stripeSubscriptionId !== null && BILLED_STATUSES.includes(row.status);

export function toMemberSummary(row: MemberRow): MemberSummary {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    tier: { id: row.tierId, name: row.tierName },
    status: row.status,
    source: row.source,
    cadence: row.cadence,
    joined: row.createdAt.toISOString(),
    renewal: { at: row.currentPeriodEnd?.toISOString() ?? null, cancelAtPeriodEnd: row.cancelAtPeriodEnd },
    lifetimeValue: { amount: row.lifetimeValue, currency: row.currency ?? row.tierCurrency },
    compExpiresAt: row.compExpiresAt?.toISOString() ?? null,
    labels: row.labels,
    emailDisabled: row.emailDisabledReason !== null,
    emailDisabledReason: row.emailDisabledReason,
  };
}

/** YYYY-MM-DD means the start of that day (UTC): "comped until 1 March" ends as March begins. */
function parseUntil(until: string): Date {
  return new Date(/^\d{4}-\d{2}-\d{2}$/.test(until) ? `${until}T00:00:00Z` : until);
}

export function createMembersService({ db, clock, logger, stripe }: MembersDeps) {
  async function siteOf(userId: string): Promise<Site> {
    const site = await findSiteByOwner(db, userId);
    if (!site) throw new AppError('site-required', 409);
    return site;
  }

  async function findRow(siteId: string, id: string): Promise<MemberRow> {
    if (!isUuid(id)) throw notFound();
    const [row] = await db
      .select(MEMBER_COLUMNS)
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .innerJoin(tiers, eq(tiers.id, memberships.tierId))
      .where(and(eq(memberships.id, id), eq(memberships.siteId, siteId)));
    if (!row) throw notFound();
    return row;
  }

  async function detail(siteId: string, id: string): Promise<MemberDetail> {
    const row = await findRow(siteId, id);
    const events = await db
      .select({
        id: membershipEvents.id,
        kind: membershipEvents.kind,
        tierName: tiers.name,
        amount: membershipEvents.amount,
        currency: membershipEvents.currency,
        detail: membershipEvents.detail,
        occurredAt: membershipEvents.occurredAt,
      })
      .from(membershipEvents)
      .leftJoin(tiers, eq(tiers.id, membershipEvents.tierId))
      .where(eq(membershipEvents.membershipId, id))
      .orderBy(desc(membershipEvents.occurredAt), desc(membershipEvents.id));
    const history: MemberEvent[] = events.map((event) => ({
      id: event.id,
      kind: event.kind,
      tierName: event.tierName,
      amount: event.amount === null ? null : { amount: event.amount, currency: event.currency ?? row.tierCurrency },
      detail: event.detail,
      occurredAt: event.occurredAt.toISOString(),
    }));
    return {
      ...toMemberSummary(row),
      note: row.note,
      subscribedToEmails: row.subscribedToEmails,
      stripeCustomerId: row.stripeCustomerId,
      paysThroughStripe: paysThroughStripe(row),
      endedAt: row.endedAt?.toISOString() ?? null,
      history,
    };
  }

  async function stripeAccountOf(siteId: string): Promise<{ stripe: StripeClient; stripeAccount: string }> {
    const [account] = await db.select({ id: paymentAccounts.stripeAccountId }).from(paymentAccounts).where(eq(paymentAccounts.siteId, siteId));
    if (!stripe || !account) throw new AppError('member-stripe-unavailable', 503);
    return { stripe, stripeAccount: account.id };
  }

  return {
    async list(userId: string, query: MembersQueryData): Promise<MembersAnswer> {
      const site = await siteOf(userId);
      const [page, total, siteTiers] = await Promise.all([
        readMembersPage(db, site.id, query),
        countMembers(db, site.id, query),
        db.select({ id: tiers.id, name: tiers.name, type: tiers.type, active: tiers.active }).from(tiers).where(eq(tiers.siteId, site.id)).orderBy(asc(tiers.position), asc(tiers.createdAt)),
      ]);
      return { members: page.rows.map(toMemberSummary), total, tiers: siteTiers, ...(page.next ? { next: page.next } : {}), ...(page.previous ? { previous: page.previous } : {}) };
    },

    async get(userId: string, id: string): Promise<MemberDetail> {
      return detail((await siteOf(userId)).id, id);
    },

    async update(userId: string, id: string, patch: MemberPatch): Promise<MemberDetail> {
      const site = await siteOf(userId);
      await findRow(site.id, id);
      const labels = patch.labels ? [...new Set(patch.labels.map((label) => label.trim()))] : undefined;
      await setCreatorFields(db, { membershipId: id, siteId: site.id }, { note: patch.note, labels, subscribedToEmails: patch.subscribedToEmails }, clock());
      // findRow above proved the membership is this site's.
      if (patch.emailDisabled === false) await db.delete(emailDisabledMembers).where(eq(emailDisabledMembers.membershipId, id));
      return detail(site.id, id);
    },

    /**
     * Puts a member on a tier for free until a date, or for good. A member
     * whom Stripe still bills is refused: comping them would leave the card
     * charged for what is now free. Remove (cancel) first.
     */
    async comp(userId: string, id: string, input: CompInput): Promise<MemberDetail> {
      const site = await siteOf(userId);
      const row = await findRow(site.id, id);
      if (paysThroughStripe(row)) throw new AppError('member-pays-through-stripe', 409);
      const [tier] = await db.select().from(tiers).where(and(eq(tiers.id, input.tierId), eq(tiers.siteId, site.id)));
      if (!tier) throw notFound();
      const now = clock();
      const until = input.until ? parseUntil(input.until) : null;
      if (until && until <= now) throw new AppError('invalid-input', 400);
      // Stripe may have begun billing them since the check above: the write checks again.
      const outcome = await db.transaction((tx) => compMembership(tx, { membershipId: id, siteId: site.id, tier, until, now }));
      if (outcome === 'billed-by-stripe') throw new AppError('member-pays-through-stripe', 409);
      return detail(site.id, id);
    },

    /**
     * Ends a membership. A member Stripe bills: their subscription on the
     * creator's account ends at period end or now, as the creator chose; the
     * row is updated at once and the webhooks confirm it.
     */
    async remove(userId: string, id: string, input: RemoveInput): Promise<MemberDetail> {
      const site = await siteOf(userId);
      const row = await findRow(site.id, id);
      const now = clock();
      if (row.status === 'canceled' || row.status === 'expired') return detail(site.id, id);
      const billed = paysThroughStripe(row);
      const atPeriodEnd = billed && input.stripe !== 'now';
      if (billed) {
        const { stripe: client, stripeAccount } = await stripeAccountOf(site.id);
        try {
          if (atPeriodEnd) await client.subscriptions.update(row.stripeSubscriptionId!, { cancel_at_period_end: true }, { stripeAccount });
          else await client.subscriptions.cancel(row.stripeSubscriptionId!, {}, { stripeAccount });
        } catch (error) {
          logger.warn({ err: error, membershipId: id }, 'stripe refused to end a subscription');
          throw new AppError('member-stripe-unavailable', 502);
        }
      }
      // Stripe's webhook for the same end may have come first: then it recorded the change and this finds nothing to do.
      const ending = { membershipId: id, siteId: site.id, now, stripeObjectId: billed ? row.stripeSubscriptionId : null };
      await db.transaction((tx) =>
        atPeriodEnd ? cancelRenewal(tx, { ...ending, detail: 'Removed by the creator: ends at the end of the period' }) : endMembership(tx, { ...ending, detail: 'Removed by the creator' }),
      );
      return detail(site.id, id);
    },

    /** The periodic job's part: comps past their date go back to the site's free tier, each with a history row. */
    async endExpiredComps(): Promise<number> {
      const now = clock();
      return db.transaction((tx) => endExpiredComps(tx, now));
    },

    /**
     * The export's pages as CSV text, in the list's order, one keyset page at a time (never the whole list in memory).
     * The next page is read while the caller writes this one, so Postgres and the CSV writer work side by side;
     * at most two pages are held.
     */
    async *exportPages(userId: string, query: MembersQueryData): AsyncGenerator<string> {
      const site = await siteOf(userId);
      const read = (cursor: string | undefined) => readExportPage(db, site.id, { ...query, page: undefined, cursor, limit: EXPORT_BATCH });
      let pending: Promise<ExportPage> | undefined = read(undefined);
      try {
        while (pending) {
          const page: ExportPage = await pending;
          pending = page.next ? read(page.next) : undefined;
          if (page.rows.length > 0) yield csvLines(page.rows);
        }
      } finally {
        // A reader who left stops the loop; the page already asked for is awaited, not left to reject unheard.
        await pending?.catch(() => undefined);
      }
    },

    /** The signed-in creator's site, or 409 `site-required`. */
    siteOf,
  };
}

/** Rows per export query: big enough that round trips do not dominate, small enough to stream. */
const EXPORT_BATCH = 1000;

export type MembersService = ReturnType<typeof createMembersService>;
