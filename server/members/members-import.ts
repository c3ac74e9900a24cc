/**
 * CSV import of members (docs/decisions/056): the file is parsed by
 * csv-parse, each row checked, and every row it would refuse reported with its
 * line and reason. A dry run stops there; the real run writes the rest in one
 * transaction, so a failure leaves nothing half-imported and a second run
 * finds them all members already. New accounts are members with no password:
 * sign-in refuses them until they set one through "Forgot password", which
 * also verifies the address.
 */
import { parse } from 'csv-parse/sync';
import { and, eq, inArray } from 'drizzle-orm';
import type Stripe from 'stripe';
import { IMPORT_PROBLEM_MESSAGES, type ImportField, type ImportMapping, type ImportProblem, type ImportRefusal, type ImportReport } from '../../common/api/members.ts';
import type { Cadence, MembershipSource, MembershipStatus } from '../../common/memberships.ts';
import { EMAIL_PATTERN, isStorableText } from '../../common/validation.ts';
import type { Database } from '../../db/connect.ts';
import { memberships, tiers } from '../../db/content-schema.ts';
import { paymentAccounts } from '../../db/money-schema.ts';
import { users } from '../../db/schema.ts';
import { buildNewUser } from '../auth/new-user.ts';
import type { Clock } from '../clock.ts';
import { AppError } from '../errors.ts';
import { insertImportedMemberships } from '../memberships/index.ts';
import type { StripeClient } from '../payments/stripe-client.ts';
import type { Site } from '../sites/site-lookup.ts';

type Tier = typeof tiers.$inferSelect;

/** Postgres takes at most 65,535 parameters a statement: lookups and inserts go in slices of this many rows. */
const SLICE = 1000;
/** Stripe lookups in flight at once. */
const STRIPE_CONCURRENCY = 4;
const LINKABLE: readonly string[] = ['active', 'trialing', 'past_due'];

interface PlannedMember {
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

export interface ImportDeps {
  db: Database;
  clock: Clock;
  stripe: StripeClient | undefined;
}

const slices = <T>(items: T[]) => Array.from({ length: Math.ceil(items.length / SLICE) }, (_, index) => items.slice(index * SLICE, (index + 1) * SLICE));

function parseBoolean(value: string, fallback: boolean): boolean {
  const text = value.trim().toLowerCase();
  if (['true', 'yes', '1', 'y'].includes(text)) return true;
  if (['false', 'no', '0', 'n'].includes(text)) return false;
  return fallback;
}

/** The header names the mapping uses must be in the file. */
function columnIndexes(header: string[], mapping: ImportMapping): Partial<Record<ImportField, number>> {
  const indexes: Partial<Record<ImportField, number>> = {};
  for (const [field, column] of Object.entries(mapping) as [ImportField, string | undefined][]) {
    if (!column) continue;
    const index = header.indexOf(column);
    if (index < 0) throw new AppError('invalid-input', 400);
    indexes[field] = index;
  }
  return indexes;
}

function readCsv(csv: string): { header: string[]; records: { line: number; cells: string[] }[] } {
  let parsed: { record: string[]; info: { lines: number } }[];
  try {
    // csv-parse reads the text as UTF-8 bytes, which turns a lone surrogate into U+FFFD unseen: as U+0000 it survives, and its row is refused as unstorable.
    parsed = parse(csv.replace(/\p{Cs}/gu, '\u0000'), { bom: true, relax_column_count: true, skip_empty_lines: true, info: true, trim: false }) as unknown as typeof parsed;
  } catch {
    throw new AppError('invalid-input', 400);
  }
  const [head, ...rest] = parsed;
  if (!head) throw new AppError('invalid-input', 400);
  return { header: head.record.map((cell) => cell.trim()), records: rest.map(({ record, info }) => ({ line: info.lines, cells: record })) };
}

/** The address as the report can show it: what cannot be shown becomes U+FFFD. */
const printable = (text: string) => Array.from(text, (character) => (isStorableText(character) ? character : '\uFFFD')).join('');

export function createMembersImport({ db, clock, stripe }: ImportDeps) {
  /** The site's live subscription of a customer on one of its tiers' prices, or undefined. */
  async function findSubscription(client: StripeClient, stripeAccount: string, customerId: string, prices: Map<string, { tier: Tier; cadence: Cadence }>) {
    let list: Stripe.ApiList<Stripe.Subscription>;
    try {
      list = await client.subscriptions.list({ customer: customerId, status: 'all', limit: 100 }, { stripeAccount });
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 404 || (error as { code?: string }).code === 'resource_missing') return undefined;
      throw new AppError('member-stripe-unavailable', 502);
    }
    for (const subscription of list.data) {
      if (!LINKABLE.includes(subscription.status)) continue;
      const item = subscription.items.data[0];
      const known = item ? prices.get(item.price.id) : undefined;
      if (!item || !known) continue;
      const periodEnd = item.current_period_end ?? (subscription as unknown as { current_period_end?: number }).current_period_end;
      return {
        tier: known.tier,
        status: subscription.status as MembershipStatus,
        stripe: {
          customerId,
          subscriptionId: subscription.id,
          cadence: known.cadence,
          amount: item.price.unit_amount,
          currency: item.price.currency,
          currentPeriodEnd: periodEnd ? new Date(periodEnd * 1000) : null,
          cancelAtPeriodEnd: subscription.cancel_at_period_end,
        },
      };
    }
    return undefined;
  }

  async function plan(site: Site, csv: string, mapping: ImportMapping) {
    const { header, records } = readCsv(csv);
    const columns = columnIndexes(header, mapping);
    const siteTiers = await db.select().from(tiers).where(eq(tiers.siteId, site.id));
    const freeTier = siteTiers.find((tier) => tier.type === 'free');
    if (!freeTier) throw new AppError('site-required', 409);
    const byName = new Map(siteTiers.map((tier) => [tier.name.trim().toLowerCase(), tier]));
    const firstPaid = siteTiers.filter((tier) => tier.type === 'paid' && tier.active).sort((a, b) => a.position - b.position)[0];
    const prices = new Map<string, { tier: Tier; cadence: Cadence }>();
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
      const [account] = await db.select({ id: paymentAccounts.stripeAccountId }).from(paymentAccounts).where(eq(paymentAccounts.siteId, site.id));
      const client = stripe;
      if (!client || !account) {
        for (const { member } of pending) {
          refuse(member.row, member.email, 'stripe-unavailable');
          refusedRows.add(member.row);
        }
      } else {
        const queue = [...pending];
        const worker = async () => {
          for (let next = queue.shift(); next; next = queue.shift()) {
            const found = await findSubscription(client, account.id, next.customerId, prices);
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

  async function write(site: Site, accepted: PlannedMember[]): Promise<number> {
    const now = clock();
    return db.transaction(async (tx) => {
      let created = 0;
      for (const slice of slices(accepted)) {
        const made = await tx
          .insert(users)
          .values(slice.map((member) => ({ ...buildNewUser({ email: member.email, fullName: member.name, niche: '', passwordHash: null, emailVerified: false, now }), role: 'member' as const })))
          .onConflictDoNothing({ target: users.email })
          .returning({ id: users.id, email: users.email });
        const ids = new Map(made.map((user) => [user.email, user.id]));
        // Only addresses that already had an account are looked up. Looking up the whole slice just after inserting it
        // took 10-13 s a slice: with statistics from before the insert, Postgres chose the trigram index for the
        // equality, and read its pending list, full of this transaction's new entries, once per address.
        const existing = slice.map((member) => member.email).filter((email) => !ids.has(email));
        if (existing.length > 0) {
          for (const user of await tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, existing))) ids.set(user.email, user.id);
        }
        // Someone who joined between the check and now stays as they joined (server/memberships writes each with its `imported` row).
        created += await insertImportedMemberships(
          tx,
          site.id,
          slice.map((member) => ({
            userId: ids.get(member.email)!,
            tierId: member.tier.id,
            status: member.status,
            source: member.source,
            note: member.note,
            labels: member.labels,
            subscribedToEmails: member.subscribedToEmails,
            ...(member.stripe ? { stripe: member.stripe } : {}),
          })),
          now,
        );
      }
      return created;
    });
  }

  return {
    async run(site: Site, input: { csv: string; mapping: ImportMapping; dryRun: boolean }): Promise<ImportReport> {
      const { rows, refused, accepted } = await plan(site, input.csv, input.mapping);
      const linked = accepted.filter((member) => member.stripe).length;
      if (input.dryRun) return { dryRun: true, rows, create: accepted.length, linked, refused };
      const created = await write(site, accepted);
      return { dryRun: false, rows, create: created, linked, refused };
    },
  };
}

export type MembersImport = ReturnType<typeof createMembersImport>;
