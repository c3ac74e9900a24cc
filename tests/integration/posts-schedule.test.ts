/**
 * Scheduled posts on several servers (issue 9 "Faults": two servers
 * publishing the same scheduled post, published once). Both servers share one
 * database and a test clock that the test moves past the posts' time.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostAnswer } from '../../common/api/posts.ts';
import { posts } from '../../db/content-schema.ts';
import { PUBLISH_SCHEDULED_JOB } from '../../server/posts/publish-scheduled.ts';
import { creatorWithSite, type Creator } from '../support/creator-site.ts';
import { createTestClock, startTestServer, type TestServer } from '../support/test-server.ts';

const HOUR_MS = 3_600_000;
const time = createTestClock(new Date());
let a: TestServer;
let b: TestServer;
let creator: Creator;

beforeAll(async () => {
  a = await startTestServer({ clock: time.clock });
  b = await startTestServer({ clock: time.clock, shareWith: a });
  creator = await creatorWithSite(a);
});
afterAll(async () => {
  await b?.stop();
  await a?.stop();
});

async function schedule(title: string, at: Date): Promise<string> {
  const response = await creator.client.post<PostAnswer>('/api/posts', { title, body: { type: 'doc', content: [] }, status: 'scheduled', publishAt: at.toISOString() });
  expect(response.status, response.text).toBe(201);
  return response.body.post.id;
}

async function statusesOf(ids: string[]) {
  const rows = await a.handle.db.select({ id: posts.id, status: posts.status }).from(posts).where(inArray(posts.id, ids));
  return new Set(rows.map((row) => row.status));
}

describe('a scheduled post', () => {
  it('is live at its exact time, before any job ran, and not a moment earlier', async () => {
    const at = new Date(time.clock().getTime() + HOUR_MS);
    const id = await schedule('Live at its time', at);
    const liveAt = async (now: Date) => (await a.handle.db.select({ id: posts.id }).from(posts).where(and(eq(posts.id, id), a.services.livePosts(now)))).length === 1;
    expect(await liveAt(new Date(at.getTime() - 1))).toBe(false);
    expect(await liveAt(at)).toBe(true);
    expect(await statusesOf([id])).toEqual(new Set(['scheduled']));
  });

  it('is published once when two servers run the job at the same moment', async () => {
    const at = new Date(time.clock().getTime() + HOUR_MS);
    const ids = await Promise.all(Array.from({ length: 10 }, (_, index) => schedule(`Scheduled ${index}`, at)));
    time.advance(HOUR_MS + 1000);

    const [fromA, fromB] = await Promise.all([a.services.posts.publishDue(), b.services.posts.publishDue()]);
    const published = [...fromA, ...fromB];
    for (const id of ids) expect(published.filter((publishedId) => publishedId === id)).toHaveLength(1);
    expect(await statusesOf(ids)).toEqual(new Set(['published']));
    expect(await Promise.all([a.services.posts.publishDue(), b.services.posts.publishDue()])).toEqual([[], []]);
  });

  it('is published by the periodic job, which one server takes per period', async () => {
    time.advance(HOUR_MS);
    const id = await schedule('By the job', new Date(time.clock().getTime() + 60_000));
    time.advance(120_000);
    const [ranOnA, ranOnB] = await Promise.all([a.services.jobs.runDue(), b.services.jobs.runDue()]);
    const runs = [...ranOnA, ...ranOnB].filter((name) => name === PUBLISH_SCHEDULED_JOB);
    expect(runs).toHaveLength(1);
    expect(await statusesOf([id])).toEqual(new Set(['published']));
    const read = await creator.client.get<PostAnswer>(`/api/posts/${id}`);
    expect(read.body.post.status).toBe('published');
  });
});
