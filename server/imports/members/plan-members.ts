/**
 * The members side of an import's dry run (docs/decisions/161): who comes in,
 * on which of the source's plans, and what is refused, in the creator's words.
 * Paying members keep paying: a Substack or Ghost subscriber (or a member of
 * our own export) whose subscription lives on the site's own Stripe account is
 * linked to it, on the tier the creator maps its price to; an active patron is
 * comped until their next charge date (Patreon's payments cannot move); anyone
 * else, or anyone whose subscription cannot be found, comes in free. Members
 * already here whom the source sends no newsletters get none here either
 * (newsletters-off.ts). The run plans again (the plan is not stored) and
 * writes it (write-members.ts).
 */
import { inArray } from 'drizzle-orm';
import type { ImportProblem, ImportTierChoice } from '../../../common/api/imports.ts';
import type { Database } from '../../../db/connect.ts';
import { memberships } from '../../../db/content-schema.ts';
import type { StripeForSite } from '../../payments/index.ts';
import type { Site } from '../../sites/index.ts';
import type { SourceBundle, SourceMember } from '../sources/source-bundle.ts';
import { checkMembers } from './check-members.ts';
import { subscriptionFinder, type SubscriptionLookup } from './find-paying-subscription.ts';
import type { MemberPlan, MemberStanding, PlannedImportMember } from './member-plan.ts';
import { tierChoicesOf, type PlanKey } from './member-tier-choices.ts';
import { newslettersOffProblems, notTurnedOffBefore } from './newsletters-off.ts';

/** Stripe look-ups in flight at once: 2,000 paid members plan in seconds without a burst Stripe would rate-limit (100 a second). */
const STRIPE_CONCURRENCY = 8;
const SLICE = 1000;
/** The key of active patrons the file names no tier for. */
const NO_PATREON_TIER = '';

export interface PlanMembersDeps {
  db: Database;
  stripeForSite: StripeForSite;
}

/** Our own export: the members of its free tier are free here too; every other tier is mapped by its name. */
const freeTierNames = (bundle: Partial<Pick<SourceBundle, 'platform'>>) => new Set((bundle.platform?.tiers ?? []).filter((tier) => tier.type === 'free').map((tier) => tier.name.trim().toLowerCase()));

/** Whether the member is to be looked up at Stripe: paid at a source that keeps subscriptions on the creator's account. */
function wantsStripe(member: SourceMember, source: SourceBundle['source'], freeNames: Set<string>): boolean {
  if (source === 'patreon') return false;
  if (source !== 'platform') return member.paid;
  const status = member.platform?.status;
  return (status === 'active' || status === 'trialing' || status === 'past_due') && !freeNames.has((member.platform?.tierName ?? '').trim().toLowerCase());
}

/** `bundle.platform`, when given, says which of our own export's tiers is free. */
export async function planMembers(deps: PlanMembersDeps, site: Site, bundle: Pick<SourceBundle, 'source' | 'members'> & Partial<Pick<SourceBundle, 'platform'>>): Promise<MemberPlan> {
  const { db } = deps;
  const checked = await checkMembers(db, site, bundle.members);
  const { fresh, problems } = checked;
  const newslettersOff = await notTurnedOffBefore(db, { siteId: site.id, source: bundle.source }, checked.newslettersOff);
  const freeNames = freeTierNames(bundle);
  const lookups = await lookUpSubscriptions(deps, site, fresh.filter((member) => wantsStripe(member, bundle.source, freeNames)), problems);

  const plans = new Map<string, { plan: PlanKey; members: number }>();
  const onPlan = (key: string, plan: PlanKey) => {
    const entry = plans.get(key) ?? { plan, members: 0 };
    entry.members += 1;
    plans.set(key, entry);
    return key;
  };
  const accepted = fresh.map((member): PlannedImportMember => {
    let choice: string | null = null;
    let standing: MemberStanding = { kind: 'free' };
    const lookup = lookups.get(member.email);
    if (lookup && 'found' in lookup) {
      const subscription = lookup.found;
      standing = { kind: 'linked', subscription };
      // Our own export names its tier; elsewhere the price is the plan.
      choice =
        bundle.source === 'platform'
          ? onPlan(member.platform!.tierName, { kind: 'name', name: member.platform!.tierName })
          : onPlan(subscription.priceId, { kind: 'price', priceId: subscription.priceId, cadence: subscription.cadence, amount: subscription.amount, currency: subscription.currency });
    } else if (bundle.source === 'patreon' && member.paid) {
      const tierName = member.plan?.trim() ?? NO_PATREON_TIER;
      choice = onPlan(tierName, { kind: 'name', name: tierName });
      standing = { kind: 'comped', until: member.compUntil ?? null, patron: true };
    } else if (member.comped && member.plan) {
      // Comped at the source (Ghost's complimentary members): comped here on the tier its plan maps to, for good.
      choice = onPlan(member.plan, { kind: 'name', name: member.plan });
      standing = { kind: 'comped', until: null, patron: false };
    } else if (bundle.source === 'platform' && member.platform && !freeNames.has(member.platform.tierName.trim().toLowerCase())) {
      const { tierName, status, compExpiresAt } = member.platform;
      if (status === 'comped') standing = { kind: 'comped', until: compExpiresAt, patron: false };
      else if (status === 'canceled' || status === 'expired') standing = { kind: 'ended', status };
      if (standing.kind !== 'free') choice = onPlan(tierName, { kind: 'name', name: tierName });
    }
    return {
      email: member.email,
      name: (member.name.trim() || member.email.split('@')[0]!).slice(0, 100),
      where: member.where,
      note: (member.note ?? '').slice(0, 2000),
      labels: [...new Set((member.labels ?? []).map((label) => label.trim()).filter(Boolean))].slice(0, 50),
      subscribedToEmails: member.subscribedToEmails,
      // A date to come is no join date: such a file's clock was wrong, and "joined next year" helps nobody.
      joinedAt: member.createdAt && member.createdAt.getTime() <= Date.now() ? member.createdAt : null,
      paidAtSource: member.paid,
      choice,
      standing,
    };
  });

  // Our own export brings its tiers, made by the run just before the members and matched by name: nothing to ask.
  const tierChoices = bundle.source === 'platform' ? [] : await tierChoicesOf(db, site.id, plans);
  return {
    accepted,
    newslettersOff,
    problems: [...problems, ...noPaidTierFor(tierChoices), ...newslettersOffProblems(newslettersOff)],
    counts: { members: accepted.length, paidMembers: accepted.filter((member) => member.paidAtSource).length },
    tierChoices,
  };
}

/** A Stripe price with no tier suggested: the site has no paid tier, so its members would come in free while Stripe bills them. */
function noPaidTierFor(choices: readonly ImportTierChoice[]): ImportProblem[] {
  const stranded = choices.filter((choice) => choice.paidThroughStripe && choice.suggestedTierId === null).reduce((sum, choice) => sum + choice.members, 0);
  if (stranded === 0) return [];
  const who = stranded === 1 ? 'your paying member pays' : `your ${stranded} paying members pay`;
  return [{ where: 'Paying members', message: `Make a paid tier first, in Settings › Advanced, then check the file again: ${who} through Stripe and would come in free while Stripe goes on billing them.` }];
}

/**
 * Each paying member's live subscription on the site's Stripe account, by address; the reasons of those
 * not found, and of a subscription another membership (or another row of the file) already holds, join `problems`.
 */
async function lookUpSubscriptions(deps: PlanMembersDeps, site: Site, paying: SourceMember[], problems: ImportProblem[]): Promise<Map<string, SubscriptionLookup>> {
  const found = new Map<string, SubscriptionLookup>();
  if (paying.length === 0) return found;
  const stripe = await deps.stripeForSite(site.id);
  if (!stripe) {
    const count = paying.length === 1 ? 'your paying member' : `your ${paying.length} paying members`;
    problems.push({ where: 'Paying members', message: `Connect Stripe in Settings › Advanced first to keep ${count} paying; otherwise they come in as free members.` });
    return found;
  }
  const find = subscriptionFinder(stripe);
  const queue = [...paying];
  const worker = async () => {
    for (let member = queue.shift(); member; member = queue.shift()) {
      found.set(member.email, await find({ email: member.email, stripeCustomerId: member.stripeCustomerId, stripeSubscriptionId: member.stripeSubscriptionId }));
    }
  };
  await Promise.all(Array.from({ length: STRIPE_CONCURRENCY }, worker));

  // A subscription is one membership's: one already linked here (on any site) or named twice in the file is not linked again.
  const subscriptionIds = [...found.values()].flatMap((lookup) => ('found' in lookup ? [lookup.found.subscriptionId] : []));
  const taken = new Set<string>();
  for (let start = 0; start < subscriptionIds.length; start += SLICE) {
    const rows = await deps.db
      .select({ id: memberships.stripeSubscriptionId })
      .from(memberships)
      .where(inArray(memberships.stripeSubscriptionId, subscriptionIds.slice(start, start + SLICE)));
    for (const row of rows) if (row.id) taken.add(row.id);
  }
  for (const member of paying) {
    const lookup = found.get(member.email)!;
    if ('found' in lookup && taken.has(lookup.found.subscriptionId)) found.set(member.email, { reason: 'their Stripe subscription already belongs to another member; they come in as a free member' });
    else if ('found' in lookup) taken.add(lookup.found.subscriptionId);
    const settled = found.get(member.email)!;
    if ('reason' in settled) problems.push({ where: member.where, message: `${member.email}: ${settled.reason}.` });
  }
  return found;
}
