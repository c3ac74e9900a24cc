/**
 * The creator's inbox for a creator with many members (issue 19): pages of
 * conversations newest first, every one reached exactly once even when many
 * moved at the same instant (ties broken by id, times finer than a
 * millisecond), search paged the same way, a conversation moving to the top
 * when a message comes, and cursors that are mangled or another creator's.
 * The conversations are seeded in bulk straight into the tables.
 */
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InboxAnswer, MessageAnswer } from '../../common/api/messages.ts';
import { conversations } from '../../db/messaging-schema.ts';
import { INBOX_PAGE } from '../../server/messaging/messages-service.ts';
import { creatorWithSite, sendJson, type Creator } from '../support/creator-site.ts';
import { seedInbox } from '../support/inbox-fixtures.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const MEMBERS = 130;
/** Every other member's message mentions the lighthouse (inbox-fixtures.ts): more than one page of search results. */
const LIGHTHOUSE_EVERY = 2;
/** Conversations that moved at the same microsecond: the id alone orders them. */
const TIED = 7;

let server: TestServer;
let creator: Creator;
let other: Creator;

/** Every page of the inbox from the first, following `nextCursor`; fails on a page that is not 200. */
async function walk(owner: Creator, query = ''): Promise<{ ids: string[]; pages: InboxAnswer[] }> {
  const pages: InboxAnswer[] = [];
  let cursor: string | null = null;
  do {
    const search = new URLSearchParams(query);
    if (cursor) search.set('cursor', cursor);
    const answer = await owner.client.get<InboxAnswer>(`/api/conversations?${search}`);
    expect(answer.status, answer.text).toBe(200);
    pages.push(answer.body);
    cursor = answer.body.nextCursor;
  } while (cursor && pages.length < 20);
  return { ids: pages.flatMap((page) => page.conversations.map((row) => row.id)), pages };
}

async function expectedOrder(siteId: string): Promise<string[]> {
  const rows = await server.handle.db
    .select({ id: conversations.id })
    .from(conversations)
    .where(eq(conversations.siteId, siteId))
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id));
  return rows.map((row) => row.id);
}

const cursorOf = (parts: unknown) => Buffer.from(JSON.stringify(parts)).toString('base64url');

beforeAll(async () => {
  server = await startTestServer();
  await server.services.jobs.stop();
  creator = await creatorWithSite(server);
  other = await creatorWithSite(server);
  await seedInbox(server.handle.db, creator.siteId, MEMBERS, 'many', TIED);
  await seedInbox(server.handle.db, other.siteId, 60, 'few', TIED);
});

afterAll(async () => {
  await server?.stop();
});

describe('the inbox of a creator with many members', () => {
  it('reaches every conversation once, newest first, a page at a time, ties kept in one order', async () => {
    const { ids, pages } = await walk(creator);
    expect(pages.length).toBe(Math.ceil(MEMBERS / INBOX_PAGE));
    for (const page of pages) expect(page.conversations.length).toBeLessThanOrEqual(INBOX_PAGE);
    expect(pages.at(-1)!.nextCursor).toBeNull();
    expect(new Set(ids).size).toBe(MEMBERS);
    expect(ids).toEqual(await expectedOrder(creator.siteId));
    // The unread count is the whole inbox's on every page.
    for (const page of pages) expect(page.unread).toBe(MEMBERS);
  });

  it('pages search results the same way', async () => {
    const { ids, pages } = await walk(creator, 'q=lighthouse');
    const matching = MEMBERS / LIGHTHOUSE_EVERY;
    expect(matching).toBeGreaterThan(INBOX_PAGE);
    expect(pages.length).toBe(Math.ceil(matching / INBOX_PAGE));
    expect(new Set(ids).size).toBe(matching);
    for (const page of pages) for (const row of page.conversations) expect(row.lastMessage.text).toContain('lighthouse');
    const all = await expectedOrder(creator.siteId);
    expect(ids).toEqual(all.filter((id) => ids.includes(id)));
  });

  it('moves a conversation from the last page to the top of the first when a message comes', async () => {
    const before = await walk(creator);
    const oldest = before.ids.at(-1)!;
    expect(before.pages[0]!.conversations.map((row) => row.id)).not.toContain(oldest);
    const reply = await sendJson<MessageAnswer>(server, creator.client, 'POST', `/api/conversations/${oldest}/messages`, { text: 'Sorry for the wait!' });
    expect(reply.status, reply.text).toBe(201);
    const first = await creator.client.get<InboxAnswer>('/api/conversations');
    expect(first.body.conversations[0]!.id).toBe(oldest);
    expect(first.body.conversations[0]!.lastMessage.text).toBe('Sorry for the wait!');
    const after = await walk(creator);
    expect(after.ids.filter((id) => id === oldest)).toHaveLength(1);
    expect(new Set(after.ids).size).toBe(MEMBERS);
  });
});

describe('cursors', () => {
  it('answers 400, never 500, to a cursor that does not fit', async () => {
    const someId = (await expectedOrder(creator.siteId))[0]!;
    const bad = [
      'not-a-cursor!',
      cursorOf(['1', '2', '3']),
      cursorOf({ at: '1', id: someId }),
      cursorOf([1795573800123457, someId]),
      cursorOf(['-1', someId]),
      cursorOf(['1'.repeat(18), someId]),
      cursorOf(['1795573800123457', 'not-a-uuid']),
      cursorOf(['1795573800123457', `${someId}' or 1=1 --`]),
      'x'.repeat(500),
    ];
    for (const cursor of bad) {
      const answer = await creator.client.get(`/api/conversations?cursor=${encodeURIComponent(cursor)}`);
      expect(answer.status, cursor).toBe(400);
    }
    // The largest cursor that fits is past every conversation's time: the whole inbox follows it.
    const far = await creator.client.get<InboxAnswer>(`/api/conversations?cursor=${cursorOf(['9'.repeat(17), someId])}`);
    expect(far.status).toBe(200);
    expect(far.body.conversations).toHaveLength(INBOX_PAGE);
  });

  it('shows only the creator\'s own conversations after another creator\'s cursor', async () => {
    const theirs = (await other.client.get<InboxAnswer>('/api/conversations')).body;
    expect(theirs.nextCursor).not.toBeNull();
    const mine = new Set(await expectedOrder(creator.siteId));
    const answer = await creator.client.get<InboxAnswer>(`/api/conversations?cursor=${theirs.nextCursor}`);
    expect(answer.status).toBe(200);
    expect(answer.body.conversations.length).toBeGreaterThan(0);
    for (const row of answer.body.conversations) expect(mine.has(row.id)).toBe(true);
    // And the other way round: my cursor walks only their inbox for them.
    const myCursor = (await creator.client.get<InboxAnswer>('/api/conversations')).body.nextCursor!;
    const theirPage = await other.client.get<InboxAnswer>(`/api/conversations?cursor=${myCursor}`);
    expect(theirPage.status).toBe(200);
    for (const row of theirPage.body.conversations) expect(mine.has(row.id)).toBe(false);
  });
});
