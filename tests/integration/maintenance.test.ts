import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MaintenanceResponse, PublicConfig } from '../../common/api-types.ts';
import { settings } from '../../db/schema.ts';
import { createTestClient } from '../support/http-client.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

/**
 * DESIGN.md's one second holds by construction: NOTIFY reaches a server at once, and
 * the fallback poll runs every MAINTENANCE_POLL_MS (1000). The tests prove the paths
 * (with polling off, only NOTIFY can carry a change) and do not time the machine:
 * the deadline only tells "never arrives" from "arrives".
 */
const NEVER_ARRIVES_MS = 15_000;
const POLL_MS = 50;

let a: TestServer;
let b: TestServer;
const late: TestServer[] = [];
beforeAll(async () => {
  a = await startTestServer();
  b = await startTestServer({ shareWith: a });
});
afterAll(async () => {
  for (const server of late) await server.stop();
  await b?.stop();
  await a?.stop();
});

async function maintenanceOf(server: TestServer): Promise<boolean> {
  const response = await createTestClient(server.url).get<MaintenanceResponse>('/api/config/maintenance');
  expect(response.status).toBe(200);
  return response.body.maintenance;
}

/** Polls every server until all answer `expected`. */
async function expectEveryServerToFollow(servers: TestServer[], expected: boolean): Promise<void> {
  const since = Date.now();
  for (;;) {
    const answers = await Promise.all(servers.map(maintenanceOf));
    if (answers.every((answer) => answer === expected)) return;
    const elapsed = Date.now() - since;
    if (elapsed > NEVER_ARRIVES_MS) throw new Error(`after ${elapsed} ms the servers answer ${JSON.stringify(answers)}, expected ${expected}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

describe('GET /api/config/maintenance', () => {
  it('answers {maintenance:false} as JSON that nobody may cache', async () => {
    const response = await createTestClient(a.url).get('/api/config/maintenance');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.body).toEqual({ maintenance: false });
  });

  it("follows an operator's UPDATE on every server sharing the database, both ways", async () => {
    await a.handle.db.execute(sql`UPDATE settings SET maintenance = true`);
    try {
      await expectEveryServerToFollow([a, b], true);
      // A server that starts during maintenance knows at once.
      const starting = await startTestServer({ shareWith: a });
      late.push(starting);
      expect(await maintenanceOf(starting)).toBe(true);
    } finally {
      await b.handle.db.update(settings).set({ maintenance: false });
    }
    await expectEveryServerToFollow([a, b, ...late], false);
  });

  it('reaches every server through LISTEN/NOTIFY alone, without waiting for the polling fallback', async () => {
    const env = { MAINTENANCE_POLL_MS: '600000' };
    const listeners = [await startTestServer({ shareWith: a, env }), await startTestServer({ shareWith: a, env })];
    late.push(...listeners);
    try {
      await a.handle.db.update(settings).set({ maintenance: true });
      await expectEveryServerToFollow(listeners, true);
    } finally {
      await a.handle.db.update(settings).set({ maintenance: false });
    }
    await expectEveryServerToFollow(listeners, false);
  });

  it('is answered during maintenance, as the health check is (the rest of /api is not: maintenance-blocks-everyone.test.ts)', async () => {
    await a.handle.db.update(settings).set({ maintenance: true });
    try {
      await expectEveryServerToFollow([a], true);
      expect((await createTestClient(a.url).get('/healthz')).status).toBe(200);
    } finally {
      await a.handle.db.update(settings).set({ maintenance: false });
      await expectEveryServerToFollow([a, b], false);
    }
  });
});

describe('GET /api/config', () => {
  it('gives the support e-mail and whether Google sign-in is configured', async () => {
    const response = await createTestClient(a.url).get<PublicConfig>('/api/config');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ supportEmail: 'support@creator.test', googleSignIn: false, footerLinks: {}, uploadMaxBytes: 5368709120 });
  });

  it('gives the footer links that are configured and leaves out the others', async () => {
    const env = { FOOTER_DEVELOPER_URL: 'https://github.com/creator-platform', FOOTER_HELP_URL: 'https://help.creator.test/' };
    const server = await startTestServer({ shareWith: a, env });
    late.push(server);
    const response = await createTestClient(server.url).get<PublicConfig>('/api/config');
    expect(response.body.footerLinks).toEqual({ developer: 'https://github.com/creator-platform', help: 'https://help.creator.test/' });
  });
});

describe('GET /healthz', () => {
  it('answers 200 {status:"ok"} while the database answers, uncached', async () => {
    const response = await createTestClient(a.url).get('/healthz');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});
