/**
 * The creator's mails of new members and sales (the mail registry's
 * `new-member`, `new-sale` and `new-members-digest`,
 * server/mail/template-registry.ts), rendered when they are sent, from the
 * rows as they are then. The digest holds the day's sales too when the
 * creator takes paying members' news once a day (docs/decisions/167).
 */
import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm';
import { DEFAULT_MEMBER_NOTICES, type MemberNoticeKind } from '../../common/member-notices.ts';
import type { Database } from '../../db/connect.ts';
import { memberships, sites, tiers } from '../../db/content-schema.ts';
import { memberNoticeEvents, siteEmailSettings } from '../../db/email-schema.ts';
import { users, type MailParams } from '../../db/schema.ts';
import { actionMail, oneLine, type MailContent, type MailList, type MailTemplates } from '../mail/index.ts';
import { dayBounds } from './notice-days.ts';
import { earnLink, newSaleMail, saleLineOf, salesOfDay } from './sale-notice-mail.ts';

/** Names a digest lists per kind; the rest are counted. */
const DIGEST_LIST_MAX = 50;

/** To a creator who chose a notice each time: one member who joined, or who started paying, with the way to their page. */
export function newMemberMail(name: string | undefined, news: { memberName: string; memberEmail: string; siteTitle: string; tierName: string; paying: boolean; link: string }): MailContent {
  const who = `${news.memberName} (${news.memberEmail})`;
  return actionMail(news.paying ? `${news.memberName} is now a paying member of ${news.siteTitle}` : `${news.memberName} joined ${news.siteTitle}`, {
    greetingName: name,
    intro: news.paying ? `${who} now pays for ${news.tierName} on ${news.siteTitle}.` : `${who} joined ${news.siteTitle} on the ${news.tierName} tier.`,
    actionLabel: 'See the member',
    actionUrl: news.link,
    outro: 'You get this e-mail each time because you chose it. Change it under Settings, Advanced, in your studio.',
  });
}

const count = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);

/** To a creator on the daily digest: a day's new members, new paying members and sales, each linking to its page; sent only when there are some. */
export function newMembersDigestMail(name: string | undefined, digest: { siteTitle: string; dayLabel: string; lists: MailList[]; newMembers: number; newPaying: number; sales?: number; link: string }): MailContent {
  const parts = [
    digest.newMembers ? count(digest.newMembers, 'new member', 'new members') : '',
    digest.newPaying ? count(digest.newPaying, 'new paying member', 'new paying members') : '',
    digest.sales ? count(digest.sales, 'sale', 'sales') : '',
  ].filter(Boolean);
  const members = digest.newMembers + digest.newPaying > 0;
  const said = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)!}` : parts[0]!;
  return actionMail(`Your ${members && digest.sales ? 'new members and sales' : members ? 'new members' : 'sales'} on ${digest.dayLabel}`, {
    greetingName: name,
    intro: `On ${digest.dayLabel} (UTC), ${digest.siteTitle} had ${said}.`,
    lists: digest.lists,
    actionLabel: members ? 'See all your members' : 'See Earn',
    actionUrl: digest.link,
    outro: 'You get this once a day, on days when someone joins or buys, because you chose the daily digest. Change it under Settings, Advanced, in your studio.',
  });
}

/** A member as the creator's mail names them: their name if they gave one, in one line (it goes into a subject). */
const memberName = (row: { fullName: string; displayName: string; email: string }) => oneLine(row.fullName || row.displayName || row.email);

const dayLabel = (day: string) => new Date(`${day}T00:00:00.000Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * The mail, at send time, from the rows as they are then; undefined (the mail
 * is cancelled) when the member is gone or the digest has nothing left to say.
 */
export async function renderMemberNotice(db: Database, appUrl: URL, template: 'new-member' | 'new-sale' | 'new-members-digest', params: MailParams, name: string | undefined): Promise<MailContent | undefined> {
  const [site] = await db
    .select({ id: sites.id, title: sites.title, ownerId: sites.ownerId, newMember: siteEmailSettings.newMemberNotice, newPaying: siteEmailSettings.newPayingMemberNotice })
    .from(sites)
    .leftJoin(siteEmailSettings, eq(siteEmailSettings.siteId, sites.id))
    .where(eq(sites.id, params.siteId ?? '00000000-0000-0000-0000-000000000000'));
  // Only ever the site owner's news, whatever the row says.
  if (!site || site.ownerId !== params.userId) return undefined;
  const memberLink = (membershipId: string) => new URL(`/subscribers/${membershipId}`, appUrl).href;
  const siteTitle = oneLine(site.title);

  if (template === 'new-member') {
    const [member] = await db
      .select({ fullName: users.fullName, displayName: users.displayName, email: users.email, tierName: tiers.name })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .innerJoin(tiers, eq(tiers.id, memberships.tierId))
      .where(and(eq(memberships.id, params.membershipId ?? '00000000-0000-0000-0000-000000000000'), eq(memberships.siteId, site.id)));
    if (!member) return undefined;
    return newMemberMail(name, { memberName: memberName(member), memberEmail: member.email, siteTitle, tierName: oneLine(member.tierName), paying: params.paying === true, link: memberLink(params.membershipId!) });
  }

  if (template === 'new-sale') {
    const line = await saleLineOf(db, site.id, params.saleId ?? '00000000-0000-0000-0000-000000000000');
    return line && newSaleMail(name, { line, siteTitle, link: earnLink(appUrl, line.kind) });
  }

  const kinds: MemberNoticeKind[] = [];
  if ((site.newMember ?? DEFAULT_MEMBER_NOTICES.newMember) === 'daily') kinds.push('member');
  if ((site.newPaying ?? DEFAULT_MEMBER_NOTICES.newPayingMember) === 'daily') kinds.push('paying');
  if (!params.day || kinds.length === 0) return undefined;
  const { start, end } = dayBounds(params.day);
  const news = await db
    .selectDistinctOn([memberNoticeEvents.kind, memberNoticeEvents.membershipId], {
      id: memberNoticeEvents.id,
      kind: memberNoticeEvents.kind,
      membershipId: memberNoticeEvents.membershipId,
      fullName: users.fullName,
      displayName: users.displayName,
      email: users.email,
    })
    .from(memberNoticeEvents)
    .innerJoin(memberships, eq(memberships.id, memberNoticeEvents.membershipId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberNoticeEvents.siteId, site.id), inArray(memberNoticeEvents.kind, kinds), gte(memberNoticeEvents.occurredAt, start), lt(memberNoticeEvents.occurredAt, end)))
    .orderBy(asc(memberNoticeEvents.kind), asc(memberNoticeEvents.membershipId), asc(memberNoticeEvents.id));
  // Sales come with paying members' news: the same choice covers both.
  const daySales = kinds.includes('paying') ? await salesOfDay(db, appUrl, site.id, { start, end }) : undefined;
  if (news.length === 0 && !daySales) return undefined;
  const listOf = (kind: MemberNoticeKind, heading: string): MailList | undefined => {
    // In the order they came: the events' ids follow their commits closely enough for a list.
    const rows = news.filter((row) => row.kind === kind).sort((a, b) => a.id - b.id);
    if (rows.length === 0) return undefined;
    return { heading, items: rows.slice(0, DIGEST_LIST_MAX).map((row) => ({ label: `${memberName(row)} (${row.email})`, url: memberLink(row.membershipId) })), more: Math.max(0, rows.length - DIGEST_LIST_MAX) };
  };
  const lists = [listOf('member', 'New members'), listOf('paying', 'New paying members'), daySales?.list].filter((list): list is MailList => list !== undefined);
  return newMembersDigestMail(name, {
    siteTitle,
    dayLabel: dayLabel(params.day),
    lists,
    newMembers: news.filter((row) => row.kind === 'member').length,
    newPaying: news.filter((row) => row.kind === 'paying').length,
    sales: daySales?.count ?? 0,
    link: new URL(news.length === 0 ? '/earn' : '/subscribers', appUrl).href,
  });
}

export function memberNoticeTemplates({ db, appUrl }: { db: Database; appUrl: URL }): Pick<MailTemplates, 'new-member' | 'new-sale' | 'new-members-digest'> {
  return {
    'new-member': { to: 'user', render: ({ row, name }) => renderMemberNotice(db, appUrl, 'new-member', row.params, name) },
    'new-sale': { to: 'user', render: ({ row, name }) => renderMemberNotice(db, appUrl, 'new-sale', row.params, name) },
    'new-members-digest': { to: 'user', render: ({ row, name }) => renderMemberNotice(db, appUrl, 'new-members-digest', row.params, name) },
  };
}
