/**
 * The plan of a members import (members-import.ts): each row of the CSV checked, every row
 * it would refuse reported with its line and reason, addresses already members refused, and
 * rows naming a Stripe customer linked to their live subscription. A dry run stops here.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { IMPORT_PROBLEM_MESSAGES, type ImportField, type ImportMapping, type ImportProblem, type ImportRefusal } from '../../common/api/members.ts';
import type { Cadence, MembershipSource, MembershipStatus } from '../../common/memberships.ts';
import { EMAIL_PATTERN, isStorableText } from '../../common/validation.ts';
import type { Database } from '../../db/connect.ts';
import { memberships, tiers } from '../../db/content-schema.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../errors.ts';
import type { StripeForSite } from '../payments/index.ts';
import type { Site } from '../sites/index.ts';
import { findSubscription, type Tier, type TierPrices } from './find-import-subscription.ts';
import { columnIndexes, parseBoolean, printable, readCsv } from './read-import-csv.ts';

/** Postgres takes at most 65,535 parameters a statement: lookups and inserts go in slices of this many rows. */
const SLICE = 1000;
/** Stripe lookups in flight at once. */
const STRIPE_CONCURRENCY = 4;

export interface PlannedMember {
  row: number;
  email: string;
  name: string;
  note: string;
  labels: string[];
  subscribedToEmails: boolean;
  tier: Tier;
  status: MembershipStatus;
  source: MembershipSource;
  stripe?: { customerId: string; subscriptionId: string; cadence: Cadence | null; amount: number | null; currency: string; currentPeriodEnd: Date | null; cancelAtPeriodEnd: boolean };
}

export const slices = <T>(items: T[]) => Array.from({ length: Math.ceil(items.length / SLICE) }, (_, index) => items.slice(index * SLICE, (index + 1) * SLICE));

export async function planImport({ db, stripeForSite }: { db: Database; stripeForSite: StripeForSite }, site: Site, csv: string, mapping: ImportMapping) {
  const { header, records } = readCsv(csv);
  const columns = columnIndexes(header, mapping);
  const siteTiers = await db.select().from(tiers).where(eq(tiers.siteId, site.id));
  const freeTier = siteTiers.find((tier) => tier.type === 'free');
  if (!freeTier) throw new AppError('site-required', 409);
  const byName = new Map(siteTiers.map((tier) => [tier.name.trim().toLowerCase(), tier]));
  const firstPaid = siteTiers.filter((tier) => tier.type === 'paid' && tier.active).sort((a, b) => a.position - b.position)[0];
  const prices: TierPrices = new Map();
  for (const tier of siteTiers) {
    if (tier.stripeMonthlyPriceId) prices.set(tier.stripeMonthlyPriceId, { tier, cadence: 'month' });
    if (tier.stripeYearlyPriceId) prices.set(tier.stripeYearlyPriceId, { tier, cadence: 'year' });
  }
  const [owner] = await db.select({ email: users.email }).from(users).where(eq(users.id, site.ownerId));

  const refused: ImportRefusal[] = [];
  const refuse = (row: number, email: string, problem: ImportProblem) => refused.push({ row, email, problem, message: IMPORT_PROBLEM_MESSAGES[problem] });
  const cell = (cells: string[], field: ImportField) => (columns[field] === undefined ? '' : (cells[columns[field]] ?? ''));
  const seen = new Set<string>();
  const planned: PlannedMember[] = [];
  const stripeRows: { member: PlannedMember; customerId: string }[] = [];

  const mapped = Object.values(columns);
  for (const { line, cells } of records) {
    const email = cell(cells, 'email').trim().toLowerCase();
    if (cells.length !== header.length) refuse(line, email, 'invalid-row');
    // Postgres refuses U+0000 in text and would store a lone surrogate as U+FFFD: such a row is refused here, in the dry run too, not by the insert.
    else if (mapped.some((index) => !isStorableText(cells[index] ?? ''))) refuse(line, printable(email), 'unstorable-text');
    else if (!EMAIL_PATTERN.test(email) || email.length > 254) refuse(line, email, 'invalid-email');
    else if (seen.has(email)) refuse(line, email, 'duplicate-in-file');
    else if (email === owner?.email) refuse(line, email, 'is-the-creator');
    else {
      seen.add(email);
      // Ghost writes several tiers comma-separated; a membership here has one: the first named.
      const tierName = cell(cells, 'tiers').split(',')[0]!.trim().toLowerCase();
      const named = tierName ? byName.get(tierName) : undefined;
      if (tierName && !named) {
        refuse(line, email, 'unknown-tier');
        continue;
      }
      const comped = parseBoolean(cell(cells, 'complimentary_plan'), false);
      // A paid tier without a subscription is a comp (as Ghost imports it); a comp without a tier named takes the first paid one.
      const tier = named ?? (comped && firstPaid ? firstPaid : freeTier);
      const name = cell(cells, 'name').trim() || email.split('@')[0]!;
      const member: PlannedMember = {
        row: line,
        email,
        name: name.slice(0, 100),
        note: cell(cells, 'note').slice(0, 2000),
        labels: [...new Set(cell(cells, 'labels').split(',').map((label) => label.trim()).filter(Boolean))].slice(0, 50),
        subscribedToEmails: parseBoolean(cell(cells, 'subscribed_to_emails'), true),
        tier,
        status: tier.type === 'paid' ? 'comped' : 'active',
        source: 'import',
      };
      const customerId = cell(cells, 'stripe_customer_id').trim();
      if (customerId) stripeRows.push({ member, customerId });
      planned.push(member);
    }
  }

  // Already members: looked up in slices, by address.
  const members = new Set<string>();
  for (const slice of slices([...seen])) {
    const found = await db
      .select({ email: users.email })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.siteId, site.id), inArray(users.email, slice)));
    for (const { email } of found) members.add(email);
  }
  const refusedRows = new Set<number>();
  for (const member of planned) {
    if (members.has(member.email)) {
      refuse(member.row, member.email, 'already-a-member');
      refusedRows.add(member.row);
    }
  }

  const pending = stripeRows.filter(({ member }) => !refusedRows.has(member.row));
  if (pending.length > 0) {
    const account = await stripeForSite(site.id);
    if (!account) {
      for (const { member } of pending) {
        refuse(member.row, member.email, 'stripe-unavailable');
        refusedRows.add(member.row);
      }
    } else {
      const queue = [...pending];
      const worker = async () => {
        for (let next = queue.shift(); next; next = queue.shift()) {
          const found = await findSubscription(account.client, account.stripeAccount, next.customerId, prices);
          if (!found) {
            refuse(next.member.row, next.member.email, 'stripe-customer-not-found');
            refusedRows.add(next.member.row);
          } else Object.assign(next.member, { tier: found.tier, status: found.status, source: 'stripe', stripe: found.stripe });
        }
      };
      await Promise.all(Array.from({ length: STRIPE_CONCURRENCY }, worker));
    }
  }

  refused.sort((a, b) => a.row - b.row);
  return { rows: records.length, refused, accepted: planned.filter((member) => !refusedRows.has(member.row)) };
}
