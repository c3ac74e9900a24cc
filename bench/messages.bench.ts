/**
 * Rows 43-46, messages and comments (issue 19):
 * - 43: one server holds 2,000 open message event streams; its resident
 *   memory grows by less than 100 MB (target).
 * - 44: a message reaches all 2,000 streams within 1 s at the 99th
 *   percentile (target), timed from the POST to each stream's event.
 * - 45: anonymous readers of a post page with 200 comments vs the same page
 *   with none, requests per second (target ≥ 0.8); and the same for a
 *   signed-in reader, whose page is rendered every time (reported).
 * - 46: a member sending messages vs a bare Express peer that inserts the same
 *   row and issues the same NOTIFY (target ≥ 0.5).
 * All against the product as `npm start` runs it, on its own database.
 */
import { request } from 'node:http';
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { connectDatabase } from '../db/connect.ts';
import { memberships, posts, sites, tiers } from '../db/content-schema.ts';
import { comments, conversations } from '../db/messaging-schema.ts';
import { users } from '../db/schema.ts';
import { uniqueHandle, userIdOf } from '../tests/support/site-fixtures.ts';
import { alternate } from './lib/alternate.ts';
import { generateLoad, median } from './lib/load.ts';
import { createBenchDatabase, startProcess, startProduct } from './lib/processes.ts';
import { createAccount } from './lib/product-account.ts';
import type { BenchRow } from './lib/row.ts';

const STREAMS = 2000;
const MESSAGES = 5;
const COMMENTS = 200;
const MB = 1024 * 1024;
const SENDERS = 10;

function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((entry) => entry.startsWith('VmRSS:'))!;
  return (Number(line.replace(/\D+/g, '')) * 1024) / MB;
}

interface Stream {
  /** When each message id arrived, by performance.now(). */
  arrived: Map<number, number>;
  close(): void;
}

/** One event stream over its own HTTP/1.1 connection, parsed just enough to note each event's id and when it came. */
function openStream(url: string, cookie: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const arrived = new Map<number, number>();
    const req = request(url, { headers: { cookie, accept: 'text/event-stream' }, agent: false }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        const now = performance.now();
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const match = /^id: (\d+)$/m.exec(buffer.slice(0, end));
          if (match) arrived.set(Number(match[1]), now);
          buffer = buffer.slice(end + 2);
        }
      });
      res.on('error', () => undefined);
      resolve({ arrived, close: () => req.destroy() });
    });
    req.on('error', reject);
    req.end();
  });
}

export async function benchMessages(pairs: number): Promise<BenchRow[]> {
  const database = await createBenchDatabase();
  const product = await startProduct(database.url, { MESSAGE_STREAMS_PER_USER: String(STREAMS + 10), MESSAGES_PER_MINUTE: '100000000' });
  const handle = await connectDatabase({ url: database.url });
  let peer: Awaited<ReturnType<typeof startProcess>> | undefined;
  const streams: Stream[] = [];
  try {
    const db = handle.db;
    const owner = await createAccount(product.url);
    const member = await createAccount(product.url);
    const ownerId = await userIdOf(db, owner.email);
    const memberId = await userIdOf(db, member.email);
    await db.update(users).set({ emailVerified: true, isVerified: true }).where(sql`${users.id} in (${ownerId}, ${memberId})`);
    const [site] = await db.insert(sites).values({ ownerId, handle: uniqueHandle('talk'), title: 'Harbour Sounds', publishedAt: new Date() }).returning();
    const [free] = await db.insert(tiers).values({ siteId: site!.id, name: 'Free', type: 'free', position: 0 }).returning();
    await db.insert(memberships).values({ siteId: site!.id, userId: memberId, tierId: free!.id, status: 'active', source: 'free' });
    const send = (text: string) =>
      fetch(`${product.url}/api/sites/${site!.handle}/messages`, { method: 'POST', headers: { cookie: member.cookie, origin: product.url, 'content-type': 'application/json' }, body: JSON.stringify({ text }) });
    const first = await send('Hello');
    if (first.status !== 201) throw new Error(`message: ${first.status} ${await first.text()}`);

    // Rows 43 and 44: the owner's 2,000 streams, then a few messages timed to every one of them.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const before = rssMb(product.child.pid!);
    for (let opened = 0; opened < STREAMS; opened += 100) {
      streams.push(...(await Promise.all(Array.from({ length: 100 }, () => openStream(`${product.url}/api/messages/events`, owner.cookie)))));
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const after = rssMb(product.child.pid!);
    const delays: number[] = [];
    for (let index = 0; index < MESSAGES; index += 1) {
      const sentAt = performance.now();
      const answer = await send(`Broadcast ${index}`);
      const id = ((await answer.json()) as { message: { id: number } }).message.id;
      const deadline = Date.now() + 10_000;
      while (streams.some((stream) => !stream.arrived.has(id)) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
      for (const stream of streams) delays.push((stream.arrived.get(id) ?? Number.POSITIVE_INFINITY) - sentAt);
    }
    for (const stream of streams) stream.close();
    delays.sort((a, b) => a - b);
    const p99 = delays[Math.floor(delays.length * 0.99)]!;
    const growth = after - before;
    process.stderr.write(`messages: ${STREAMS} streams, RSS ${before.toFixed(0)} -> ${after.toFixed(0)} MB (+${growth.toFixed(1)}), delivery p99 ${p99.toFixed(0)} ms, max ${delays.at(-1)!.toFixed(0)} ms\n`);

    // Row 45: a post with 200 comments and one without, anonymous (kept by the page cache) and signed in (rendered each time).
    const [bare] = await db.insert(posts).values({ siteId: site!.id, slug: 'quiet', title: 'A quiet post', body: { type: 'doc', content: [] }, previewHtml: '<p>Waves on the harbour wall.</p>', status: 'published', publishedAt: new Date(Date.now() - 60_000) }).returning();
    const [busy] = await db.insert(posts).values({ siteId: site!.id, slug: 'busy', title: 'A busy post', body: { type: 'doc', content: [] }, previewHtml: '<p>Waves on the harbour wall.</p>', status: 'published', publishedAt: new Date(Date.now() - 60_000) }).returning();
    await db.insert(comments).values(
      Array.from({ length: COMMENTS }, (_, index) => ({
        postId: busy!.id,
        siteId: site!.id,
        authorId: memberId,
        parentId: null,
        body: `Comment ${index}: the gulls at minute ${index % 40}, see https://example.com/tides/${index} for the table.`,
        createdAt: new Date(Date.now() - (COMMENTS - index) * 1000),
      })),
    );
    if (!bare) throw new Error('post not made');
    const pageRate = (slug: string, cookie?: string) => async () =>
      // Compressed as a browser asks for it (site.bench.ts does the same).
      (await generateLoad({ url: `${product.url}/@${site!.handle}/posts/${slug}`, connections: 10, seconds: 4, headers: { 'accept-encoding': 'gzip, deflate, br, zstd', ...(cookie ? { cookie } : {}) } })).requestsPerSecond;
    const anonymous = await alternate(pairs, pageRate('busy'), pageRate('quiet'));
    const signedIn = await alternate(pairs, pageRate('busy', member.cookie), pageRate('quiet', member.cookie));
    process.stderr.write(`comments: anonymous ${anonymous.medianRatio.toFixed(2)}, signed in ${signedIn.medianRatio.toFixed(2)}\n`);

    // Row 46: sending, product vs the bare peer on the same conversation; each sender is its own member, as in life.
    const [conversation] = await db.select({ id: conversations.id }).from(conversations).where(eq(conversations.siteId, site!.id));
    const senders = [member.cookie];
    while (senders.length < SENDERS) {
      const account = await createAccount(product.url);
      const id = await userIdOf(db, account.email);
      await db.update(users).set({ emailVerified: true }).where(eq(users.id, id));
      await db.insert(memberships).values({ siteId: site!.id, userId: id, tierId: free!.id, status: 'active', source: 'free' });
      senders.push(account.cookie);
    }
    peer = await startProcess('bench/peers/messages-peer.ts', { DATABASE_URL: database.url, CONVERSATION_ID: conversation!.id, SITE_ID: site!.id, AUTHOR_ID: memberId, OWNER_ID: ownerId }, '/');
    const body = JSON.stringify({ text: 'Could you record the lighthouse next? The foghorn one was wonderful.' });
    const sendRate = (url: string, headersOf: (sender: number) => Record<string, string>) => async () => {
      const results = await Promise.all(
        senders.map((_, index) => generateLoad({ url, method: 'POST', body, connections: 1, seconds: 4, headers: { 'content-type': 'application/json', ...headersOf(index) } })),
      );
      const refused = results.reduce((total, result) => total + result.non2xx, 0);
      if (refused > 0) throw new Error(`${url}: ${refused} answers were not 2xx`);
      return results.reduce((total, result) => total + result.requestsPerSecond, 0);
    };
    const sending = await alternate(
      pairs,
      sendRate(`${product.url}/api/sites/${site!.handle}/messages`, (index) => ({ cookie: senders[index]!, origin: product.url })),
      sendRate(`${peer.url}/messages`, () => ({})),
    );
    process.stderr.write(`sending: product ${median(sending.product).toFixed(0)}/s, peer ${median(sending.peer).toFixed(0)}/s, ratio ${sending.medianRatio.toFixed(2)}\n`);

    return [
      { row: 43, name: `${STREAMS} open message event streams on one server: resident memory growth`, figure: growth, unit: `MB (RSS ${before.toFixed(0)} -> ${after.toFixed(0)} MB)`, target: '< 100 MB', holds: growth < 100, detail: { before, after } },
      { row: 44, name: `a message reaches all ${STREAMS} streams (${MESSAGES} messages), 99th percentile from the POST`, figure: p99, unit: `ms (max ${delays.at(-1)!.toFixed(0)} ms)`, target: '< 1000 ms', holds: p99 < 1000, detail: { p50: delays[Math.floor(delays.length / 2)], max: delays.at(-1) } },
      { row: 45, name: `post page with ${COMMENTS} comments vs none, anonymous readers (page cache)`, figure: anonymous.medianRatio, unit: `ratio; signed-in readers (rendered each time) ${signedIn.medianRatio.toFixed(2)}`, target: '≥ 0.8', holds: anonymous.medianRatio >= 0.8, detail: { anonymous, signedIn } },
      { row: 46, name: `${SENDERS} members sending messages, one connection each, vs a bare Express insert + NOTIFY`, figure: sending.medianRatio, unit: `ratio; product ${median(sending.product).toFixed(0)}/s, peer ${median(sending.peer).toFixed(0)}/s`, target: '≥ 0.5', holds: sending.medianRatio >= 0.5, detail: { ...sending } },
    ];
  } finally {
    for (const stream of streams) stream.close();
    await handle.close();
    await Promise.all([product.stop(), peer?.stop()]);
    await database.drop();
  }
}
