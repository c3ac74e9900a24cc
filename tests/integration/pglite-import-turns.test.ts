/**
 * An import's members on the embedded database, as `npm start` runs them
 * (docs/decisions/168): PGlite answers a query on the server's own thread, so
 * its promises settle without waiting on any I/O, and a loop of slices that
 * never gives the event loop a turn holds every timer, socket and request
 * until its last slice. A 50,000-member import left the studio's progress
 * poll unanswered for the whole members phase, and the keep-alive timer that
 * finally ran reset its connection. Postgres cannot show this: its queries
 * wait on a socket. Counted in event-loop turns, not in time, so the test
 * does not depend on the machine's speed: three slices are enough.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites } from '../../db/content-schema.ts';
import { imports } from '../../db/move-schema.ts';
import { planMembers } from '../../server/imports/members/plan-members.ts';
import { writeMembers } from '../../server/imports/members/write-members.ts';
import type { SourceMember } from '../../server/imports/sources/source-bundle.ts';
import { creatorWithSite } from '../support/creator-site.ts';
import { insertTiers } from '../support/members-fixtures.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ embeddedDatabase: true });
});
afterAll(async () => {
  await server?.stop();
});

/** Counts the event loop's turns: one a pass through its check phase, for as long as it runs. */
function countTurns(): { turns: () => number; stop: () => void } {
  let turns = 0;
  let running = true;
  const tick = () => {
    turns += 1;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  return { turns: () => turns, stop: () => (running = false) };
}

describe('an import’s members on the embedded database', () => {
  it('gives the event loop a turn between two slices, so requests and timers are not held until the last one', async () => {
    expect(server.database.kind).toBe('pglite');
    const creator = await creatorWithSite(server);
    await insertTiers(server.handle.db, creator.siteId);
    const [site] = await server.handle.db.select().from(sites).where(eq(sites.id, creator.siteId));
    const [row] = await server.handle.db
      .insert(imports)
      .values({ siteId: creator.siteId, source: 'substack', fileName: 'export.zip', storageKey: 'imports/test', fileBytes: 1, counts: { posts: 0, members: 0, paidMembers: 0, files: 0 } })
      .returning();
    // Three slices of 250 (write-members.ts).
    const members: SourceMember[] = Array.from({ length: 600 }, (_, index) => ({
      email: `turns-${process.pid}-${index}@import.example`,
      name: '',
      where: `row ${index + 2}`,
      createdAt: null,
      subscribedToEmails: true,
      paid: false,
    }));
    const deps = { db: server.handle.db, clock: () => new Date(), stripeForSite: server.services.paymentAccounts.stripeForSite };
    const plan = await planMembers(deps, site!, { source: 'substack', members });

    const loop = countTurns();
    const turnsAtSlice: number[] = [];
    const written = await writeMembers(deps, { siteId: creator.siteId, source: 'substack', importId: row!.id }, site!, plan, {}, { invitePatrons: false }, async () => {
      turnsAtSlice.push(loop.turns());
    });
    loop.stop();

    expect(written.members).toBe(600);
    expect(turnsAtSlice).toHaveLength(3);
    // Each slice was written after at least one more turn than the one before it: nothing waited for the last.
    for (let slice = 1; slice < turnsAtSlice.length; slice += 1) expect(turnsAtSlice[slice]!).toBeGreaterThan(turnsAtSlice[slice - 1]!);
    expect(turnsAtSlice[0]!).toBeGreaterThan(0);
  });
});
