/**
 * The first sieve of an import's members: an address must be one (the house's
 * pattern, its length, text Postgres can store), once in the file, and not
 * the creator's own; those already members of the site are matched, left as
 * they are but for one thing: one whom the source has unsubscribed (or
 * cleaned, or whose e-mail it disabled) while their newsletters are on here
 * is named, for the run to turn them off (newsletters-off.ts); one who only
 * never subscribed there keeps what they chose here. Fast enough for
 * 50,000 members: one read of the site's members.
 */
import { eq } from 'drizzle-orm';
import type { ImportProblem } from '../../../common/api/imports.ts';
import { EMAIL_MAX_LENGTH } from '../../../common/constants.ts';
import { EMAIL_PATTERN, isStorableText } from '../../../common/validation.ts';
import type { Database } from '../../../db/connect.ts';
import { memberships } from '../../../db/content-schema.ts';
import { users } from '../../../db/schema.ts';
import type { SourceMember } from '../sources/source-bundle.ts';
import type { NewslettersOff } from './member-plan.ts';

const storable = (member: SourceMember) => [member.email, member.name, member.note ?? '', ...(member.labels ?? [])].every(isStorableText);

export interface CheckedMembers {
  /** New to the site, each once. */
  fresh: SourceMember[];
  /** Of those left out. */
  problems: ImportProblem[];
  /** Members already here, with newsletters on, whom the source sends none. */
  newslettersOff: NewslettersOff[];
}

export async function checkMembers(db: Database, site: { id: string; ownerId: string }, members: readonly SourceMember[]): Promise<CheckedMembers> {
  const problems: ImportProblem[] = [];
  const [owner] = await db.select({ email: users.email }).from(users).where(eq(users.id, site.ownerId));
  const seen = new Set<string>();
  const valid: SourceMember[] = [];
  for (const member of members) {
    const email = member.email.trim().toLowerCase();
    // An address that cannot be stored is not repeated in the problem either: it would not store there.
    if (!storable(member)) problems.push({ where: member.where, message: 'This row holds characters that cannot be stored; it is left out.' });
    else if (!EMAIL_PATTERN.test(email) || email.length > EMAIL_MAX_LENGTH) problems.push({ where: member.where, message: `“${email.slice(0, 100)}” is not an e-mail address; the row is left out.` });
    else if (seen.has(email)) problems.push({ where: member.where, message: `${email} is in the file more than once; the first is kept.` });
    else if (email === owner?.email) problems.push({ where: member.where, message: `${email} is your own address: you are this site's creator, not a member of it.` });
    else {
      seen.add(email);
      valid.push({ ...member, email });
    }
  }
  // The site's members in one read, not the file's addresses in slices: after a run has just added thousands of
  // accounts, statistics from before it made Postgres answer each slice's `email IN (...)` slowly (a second dry
  // run of 50,000 took 30 s); reading the site's own members stays one index scan whatever the file.
  const already = new Map<string, { membershipId: string; subscribed: boolean }>();
  if (valid.length > 0) {
    const found = await db
      .select({ email: users.email, membershipId: memberships.id, subscribed: memberships.subscribedToEmails })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(eq(memberships.siteId, site.id));
    for (const { email, ...membership } of found) already.set(email, membership);
  }
  const newslettersOff = valid.flatMap((member) => {
    const here = already.get(member.email);
    return here?.subscribed && !member.subscribedToEmails && !member.neverSubscribed ? [{ email: member.email, membershipId: here.membershipId }] : [];
  });
  return { fresh: valid.filter((member) => !already.has(member.email)), problems, newslettersOff };
}
