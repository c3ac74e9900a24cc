/**
 * What keeps imports from filling the disk (docs/decisions/160, after the
 * security review): a site keeps one planned import, so a new dry run deletes
 * the earlier planned one, row and stored file, but never one that ran; and a
 * creator makes RATE_LIMIT_IMPORT_DRY_RUNS_PER_HOUR dry runs an hour, the next
 * answering 429 with Retry-After before its file is read.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportView } from '../../common/api/imports.ts';
import { imports } from '../../db/move-schema.ts';
import { creatorWithSite } from '../support/creator-site.ts';
import { wordpressWxr } from '../support/import-fixtures.ts';
import { dryRun, importToDone, uploadImport } from '../support/import-runs.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const DRY_RUNS_PER_HOUR = 3;
/** A WordPress export with nothing to fetch: its dry run and its run are quick. */
const emptyWxr = () => Buffer.from(wordpressWxr('http://old-site.example', []));

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { RATE_LIMIT_IMPORT_DRY_RUNS_PER_HOUR: String(DRY_RUNS_PER_HOUR) } });
});
afterAll(async () => {
  await server?.stop();
});

const storageKeyOf = async (id: string) => (await server.handle.db.select({ storageKey: imports.storageKey }).from(imports).where(eq(imports.id, id)))[0]?.storageKey;

describe('a site keeps one planned import', () => {
  it('a second dry run replaces the first: its id answers 404 and its stored file is gone', async () => {
    const creator = await creatorWithSite(server);
    const first = await dryRun(server, creator, 'wordpress', emptyWxr(), { fileName: 'first.xml' });
    const firstKey = await storageKeyOf(first.id);
    expect(await server.services.media.storage.size(firstKey!)).toBeGreaterThan(0);

    const second = await dryRun(server, creator, 'wordpress', emptyWxr(), { fileName: 'second.xml' });
    expect((await creator.client.get(`/api/imports/${first.id}`)).status).toBe(404);
    expect((await creator.client.post(`/api/imports/${first.id}/run`, {})).status).toBe(404);
    expect(await server.services.media.storage.size(firstKey!)).toBeUndefined();
    expect(await server.services.media.storage.size((await storageKeyOf(second.id))!)).toBeGreaterThan(0);
    const list = await creator.client.get<{ imports: ImportView[] }>('/api/imports');
    expect(list.body.imports.map((view) => [view.fileName, view.status])).toEqual([['second.xml', 'planned']]);
  });

  it('leaves an import that ran, and another site’s planned import', async () => {
    const creator = await creatorWithSite(server);
    const neighbour = await creatorWithSite(server);
    const theirs = await dryRun(server, neighbour, 'wordpress', emptyWxr(), { fileName: 'theirs.xml' });
    const done = await importToDone(server, creator, 'wordpress', emptyWxr());
    await dryRun(server, creator, 'wordpress', emptyWxr(), { fileName: 'next.xml' });
    expect((await creator.client.get<{ import: ImportView }>(`/api/imports/${done.id}`)).body.import.status).toBe('done');
    expect((await neighbour.client.get<{ import: ImportView }>(`/api/imports/${theirs.id}`)).body.import.status).toBe('planned');
  });
});

describe('dry runs an hour', () => {
  it('refuses the one past the limit with 429 and Retry-After, for that creator only', async () => {
    const creator = await creatorWithSite(server);
    for (let made = 0; made < DRY_RUNS_PER_HOUR; made++) await dryRun(server, creator, 'wordpress', emptyWxr());
    const refused = await uploadImport(server, creator, 'wordpress', emptyWxr());
    expect([refused.status, (refused.body as unknown as { error: { code: string } }).error.code]).toEqual([429, 'too-many-requests']);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const rows = await server.handle.db.select({ id: imports.id }).from(imports).where(eq(imports.siteId, creator.siteId));
    expect(rows).toHaveLength(1);
    expect((await uploadImport(server, await creatorWithSite(server), 'wordpress', emptyWxr())).status).toBe(201);
  });
});
