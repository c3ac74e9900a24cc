/**
 * The first sieve of an import's members: an address must be one (the house's
 * pattern, its length, text Postgres can store), once in the file, and not
 * the creator's own; those already members of the site are matched, left as
 * they are. Fast enough for 50,000 members: one read of the site's members.
 */
import { eq } from 'drizzle-orm';
import type { ImportProblem } from '../../../common/api/imports.ts';
import { EMAIL_MAX_LENGTH } from '../../../common/constants.ts';
import { EMAIL_PATTERN, isStorableText } from '../../../common/validation.ts';
import type { Database } from '../../../db/connect.ts';
import { memberships } from '../../../db/content-schema.ts';
import { users } from '../../../db/schema.ts';
import type { SourceMember } from '../sources/source-bundle.ts';

const storable = (member: SourceMember) => [member.email, member.name, member.note ?? '', ...(member.labels ?? [])].every(isStorableText);

/** The members to plan (new to the site, each once), and the problems of those left out. */
export async function checkMembers(db: Database, site: { id: string; ownerId: string }, members: readonly SourceMember[]): Promise<{ fresh: SourceMember[]; problems: ImportProblem[] }> {
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
  const already = new Set<string>();
  if (valid.length > 0) {
    const found = await db.select({ email: users.email }).from(memberships).innerJoin(users, eq(users.id, memberships.userId)).where(eq(memberships.siteId, site.id));
    for (const { email } of found) already.add(email);
  }
  return { fresh: valid.filter((member) => !already.has(member.email)), problems };
}
