/**
 * Planning a send on Postgres and on PGlite: one statement writes the
 * recipients, each with the variant the access rule gives them (checked
 * against postAccess() itself, member by member), only verified, subscribed,
 * not disabled addresses of current members, and planning twice adds no one.
 */
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmailSegment } from '../../common/email.ts';
import { connectDatabase, type DatabaseHandle } from '../../db/connect.ts';
import { memberships, sites } from '../../db/content-schema.ts';
import { emailDisabledMembers, emailRecipients, emailSends } from '../../db/email-schema.ts';
import { migrateDatabase } from '../../db/migrate.ts';
import { users } from '../../db/schema.ts';
import { postAccess } from '../../server/access/post-access.ts';
import { planRecipients } from '../../server/newsletters/plan-send.ts';
import { insertTiers, seedMembers, type SeededMember, type SiteTiers } from '../support/members-fixtures.ts';
import { insertPost, uniqueHandle } from '../support/site-fixtures.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

interface Target {
  handle: DatabaseHandle;
  close(): Promise<void>;
}

const targets: Record<string, () => Promise<Target>> = {
  postgres: async () => {
    const database: TestDatabase = await createTestDatabase();
    const handle = await database.connect();
    return { handle, close: async () => (await handle.close(), await database.drop()) };
  },
  pglite: async () => {
    const handle = await connectDatabase({ pgliteDir: undefined });
    await migrateDatabase(handle);
    return { handle, close: () => handle.close() };
  },
};

describe.each(Object.keys(targets))('planning a send on %s', (kind) => {
  let target: Target;
  let siteId: string;
  let siteTiers: SiteTiers;
  let members: SeededMember[];
  const unsubscribed = new Set<string>();
  const disabled = new Set<string>();
  const now = new Date();

  beforeAll(async () => {
    target = await targets[kind]!();
    const { db } = target.handle;
    await db.insert(users).values({ id: `owner-${kind}`, email: `owner-${kind}@example.com`, fullName: 'Owner', displayName: 'Owner', username: 'owner', niche: '' });
    const [site] = await db.insert(sites).values({ ownerId: `owner-${kind}`, handle: uniqueHandle('plan'), title: 'Planning' }).returning();
    siteId = site!.id;
    siteTiers = await insertTiers(db, siteId);
    members = await seedMembers(db, siteId, siteTiers, 120, 'p');
    // Every member but each 4th has confirmed their address; each 6th unsubscribed; each 9th was refused for good.
    await db.update(users).set({ emailVerified: true }).where(like(users.id, 'p%'));
    for (const [index, member] of members.entries()) {
      if (index % 4 === 3) await db.update(users).set({ emailVerified: false }).where(eq(users.id, member.userId));
      if (index % 6 === 5) {
        unsubscribed.add(member.id);
        await db.update(memberships).set({ subscribedToEmails: false }).where(eq(memberships.id, member.id));
      }
      if (index % 9 === 8) {
        disabled.add(member.id);
        await db.insert(emailDisabledMembers).values({ membershipId: member.id, reason: '550 No such mailbox' });
      }
    }
  }, 60_000);
  afterAll(async () => {
    await target?.close();
  });

  const reachable = (member: SeededMember, index: number) =>
    index % 4 !== 3 && !unsubscribed.has(member.id) && !disabled.has(member.id) && ['active', 'trialing', 'past_due', 'comped'].includes(member.status);

  it.each<EmailSegment>(['all', 'free', 'paid'])('gives each member of segment %s the variant of the access rule, once', async (segment) => {
    const { db } = target.handle;
    const post = await insertPost(db, siteId, { visibility: 'paid', previewHtml: '<p>Open.</p>', gatedHtml: '<p>Paid.</p>' });
    const [send] = await db.insert(emailSends).values({ postId: post.id, siteId, segment, status: 'planning' }).returning();
    const planned = await planRecipients(db, send!, { id: post.id, visibility: 'paid' }, now);

    const expected = members
      .filter((member, index) => reachable(member, index))
      .filter((member) => segment === 'all' || (segment === 'paid') === (member.tierId === siteTiers.gold.id))
      .map((member) => {
        const membership = {
          status: member.status,
          tierId: member.tierId,
          tierType: member.tierId === siteTiers.gold.id ? ('paid' as const) : ('free' as const),
          compExpiresAt: null,
          pastDueAccess: true,
          source: member.source,
          emailVerified: true,
        };
        const access = postAccess({ visibility: 'paid', hasGatedPart: true }, { isOwner: false, membership }, now);
        return { membershipId: member.id, variant: access === 'whole' ? 'full' : 'upgrade' };
      });
    expect(planned).toBe(expected.length);
    expect(expected.length).toBeGreaterThan(0);
    const rows = await db.select({ membershipId: emailRecipients.membershipId, variant: emailRecipients.variant }).from(emailRecipients).where(eq(emailRecipients.sendId, send!.id));
    const byId = (a: { membershipId: string }, b: { membershipId: string }) => a.membershipId.localeCompare(b.membershipId);
    expect(rows.sort(byId)).toEqual(expected.sort(byId));

    expect(await planRecipients(db, send!, { id: post.id, visibility: 'paid' }, now)).toBe(0);
    expect(await db.$count(emailRecipients, eq(emailRecipients.sendId, send!.id))).toBe(expected.length);
  });
});
