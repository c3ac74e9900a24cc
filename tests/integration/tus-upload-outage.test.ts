/**
 * Issue 27 item 5: an upload created (tus POST) while Postgres could not take
 * it answered 500; like every other route, it answers 503 with a code and
 * Retry-After, and uploads work again once Postgres does. Postgres refuses at
 * the one moment that matters, inside the creation's own transaction, after
 * the caller's session and site were read: a trigger on `media` answers the
 * insert with 53300 "too many clients", the code of a full server.
 *
 * Why not cut the connection or stop Postgres there: with a transaction in
 * flight, that crashes the whole server process through a bug of the driver
 * (postgres.js 3.4.9, porsager/postgres#1208: the transaction's rollback is
 * written after its socket closed, from a timer, where nothing can catch it).
 * That crash is reported on its own; database-outage.test.ts stops Postgres
 * between requests.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creatorWithSite, type Creator } from '../support/creator-site.ts';
import { createUpload } from '../support/media.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
let creator: Creator;

beforeAll(async () => {
  server = await startTestServer();
  creator = await creatorWithSite(server);
});

afterAll(async () => {
  await server?.stop();
});

const declare = () => createUpload(server.url, creator.client, { length: 1000, filename: 'during-outage.png', filetype: 'image/png' });

describe('creating an upload while Postgres refuses it', () => {
  it('answers 503 service-unavailable with Retry-After, not 500', async () => {
    await server.handle.db.execute(sql`
      create function refuse_media_insert() returns trigger language plpgsql as $$
      begin raise exception 'sorry, too many clients already' using errcode = '53300'; end $$`);
    await server.handle.db.execute(sql`create trigger refuse_media_insert before insert on media for each row execute function refuse_media_insert()`);

    const { response } = await declare();

    expect(response.status, response.text).toBe(503);
    expect(JSON.parse(response.text)).toEqual({ error: { code: 'service-unavailable', message: expect.stringMatching(/\w/) } });
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    // tus's own headers are still there: a tus client reads the answer as the protocol's and retries later.
    expect(response.headers.get('tus-resumable')).toBe('1.0.0');
  });

  it('creates uploads again once Postgres takes them, without a restart', async () => {
    await server.handle.db.execute(sql`drop trigger refuse_media_insert on media`);
    const { response, id } = await declare();
    expect(response.status, response.text).toBe(201);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
  });
});
