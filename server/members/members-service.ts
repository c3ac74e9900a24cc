/**
 * The creator's subscribers: the list, one member with their history
 * (member-detail.ts), the creator's note and labels, comping a member onto a
 * tier (comp-member.ts), removing a member (remove-member.ts: ending their
 * Stripe subscription on the creator's own account when they pay), the CSV
 * export's pages (export-pages.ts), and the job's part that ends comps whose
 * date has passed. Every function takes the acting creator's id and works
 * within their site only: another site's member is not found (404,
 * docs/decisions/025).
 */
import { asc, eq } from 'drizzle-orm';
import type { MemberDetail, MembersAnswer } from '../../common/api/members.ts';
import type { CompInput, MemberPatch, MembersQueryData, RemoveInput } from '../../common/member-schemas.ts';
import type { Database } from '../../db/connect.ts';
import { tiers } from '../../db/content-schema.ts';
import { emailDisabledMembers } from '../../db/email-schema.ts';
import type { Clock } from '../clock.ts';
import { AppError } from '../errors.ts';
import type { Logger } from '../logger.ts';
import type { StripeForSite } from '../payments/index.ts';
import { endExpiredComps, setCreatorFields } from '../memberships/index.ts';
import { findSiteByOwner, type Site } from '../sites/index.ts';
import { compMember } from './comp-member.ts';
import { exportPages } from './export-pages.ts';
import { findMemberRow, memberDetail, toMemberSummary } from './member-detail.ts';
import { countMembers, readMembersPage } from './members-query.ts';
import { removeMember } from './remove-member.ts';

export interface MembersDeps {
  db: Database;
  clock: Clock;
  logger: Logger;
  /** The site's Stripe (its own key, or Connect): ending a paying member's subscription. */
  stripeForSite: StripeForSite;
}

export function createMembersService(deps: MembersDeps) {
  const { db, clock } = deps;

  async function siteOf(userId: string): Promise<Site> {
    const site = await findSiteByOwner(db, userId);
    if (!site) throw new AppError('site-required', 409);
    return site;
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
      return memberDetail(db, (await siteOf(userId)).id, id);
    },

    async update(userId: string, id: string, patch: MemberPatch): Promise<MemberDetail> {
      const site = await siteOf(userId);
      await findMemberRow(db, site.id, id);
      const labels = patch.labels ? [...new Set(patch.labels.map((label) => label.trim()))] : undefined;
      await setCreatorFields(db, { membershipId: id, siteId: site.id }, { note: patch.note, labels, subscribedToEmails: patch.subscribedToEmails }, clock());
      // findMemberRow above proved the membership is this site's.
      if (patch.emailDisabled === false) await db.delete(emailDisabledMembers).where(eq(emailDisabledMembers.membershipId, id));
      return memberDetail(db, site.id, id);
    },

    /** Puts a member on a tier for free until a date, or for good; refused while Stripe bills them (comp-member.ts). */
    async comp(userId: string, id: string, input: CompInput): Promise<MemberDetail> {
      return compMember(deps, await siteOf(userId), id, input);
    },

    /** Ends a membership, and a Stripe subscription at period end or now as the creator chose (remove-member.ts). */
    async remove(userId: string, id: string, input: RemoveInput): Promise<MemberDetail> {
      return removeMember(deps, await siteOf(userId), id, input);
    },

    /** The periodic job's part: comps past their date go back to the site's free tier, each with a history row. */
    async endExpiredComps(): Promise<number> {
      const now = clock();
      return db.transaction((tx) => endExpiredComps(tx, now));
    },

    /** The export's pages as CSV text, one keyset page at a time (export-pages.ts). */
    async *exportPages(userId: string, query: MembersQueryData): AsyncGenerator<string> {
      const site = await siteOf(userId);
      yield* exportPages(db, site.id, query);
    },

    /** The signed-in creator's site, or 409 `site-required`. */
    siteOf,
  };
}

export type MembersService = ReturnType<typeof createMembersService>;
