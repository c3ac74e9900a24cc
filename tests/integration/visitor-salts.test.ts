/**
 * One visitor across servers (docs/decisions/100): two servers on one
 * Postgres share the day's salt through NOTIFY, so a reader served by both is
 * counted once, and a server started later learns the salt the others use.
 * Nothing of the salt reaches a table.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { dayOf } from '../../common/report-range.ts';
import { visitorDays } from '../../db/reports-schema.ts';
import { creatorWithSite } from '../support/creator-site.ts';
import { createTestClient } from '../support/http-client.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const env = { TRUST_PROXY: 'loopback' };
let first: TestServer;
let second: TestServer;

beforeAll(async () => {
  first = await startTestServer({ env });
  second = await startTestServer({ env, shareWith: first });
});

afterAll(async () => {
  await second?.stop();
  await first?.stop();
});

const reader = (address: string) => ({ 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) SaltsTestReader/1 Safari/537.36', 'x-forwarded-for': address });

async function visitOn(server: TestServer, path: string, address: string) {
  expect((await createTestClient(server.url).get(path, reader(address))).status).toBe(200);
  await server.services.pageViews.flush();
}

const visitorsOf = (siteId: string) => first.handle.db.select().from(visitorDays).where(eq(visitorDays.siteId, siteId));

/** Until the server's salt for today is the first server's: asking makes one if it has none, which loses to the older. */
const settled = (server: TestServer) => expect.poll(() => server.services.visitorSalts.saltOf(dayOf(new Date())) === first.services.visitorSalts.saltOf(dayOf(new Date()))).toBe(true);

it('counts a reader served by two servers once, and a server started later uses the same salt', async () => {
  const { siteId, handle } = await creatorWithSite(first);
  await visitOn(first, `/@${handle}`, '203.0.113.9');
  await settled(second);
  await visitOn(second, `/@${handle}`, '203.0.113.9');
  expect(await visitorsOf(siteId)).toHaveLength(1);
  await visitOn(second, `/@${handle}`, '198.51.100.4');
  expect(await visitorsOf(siteId)).toHaveLength(2);

  const late = await startTestServer({ env, shareWith: first });
  try {
    await settled(late);
    await visitOn(late, `/@${handle}`, '203.0.113.9');
    await visitOn(late, `/@${handle}`, '198.51.100.4');
    expect(await visitorsOf(siteId)).toHaveLength(2);
  } finally {
    await late.stop();
  }
});
