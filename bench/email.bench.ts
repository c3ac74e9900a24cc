/**
 * Rows 30-32: e-mail to members (issue 18, "Speed and scale").
 * - Planning a send to 100,000 members (the one INSERT … SELECT of
 *   server/newsletters/plan-send.ts) on Postgres and on PGlite: time (target under
 *   60 s) and this process's RSS growth while it runs (target under 150 MB;
 *   PGlite runs inside the process, so its growth counts too).
 * - Rendering: each access variant once per send, whatever the recipients:
 *   the figure is how many renders the 100,000-recipient send made.
 * - Delivery to a local SMTP server: the product's delivery (claims, rate
 *   slots, settles, over nodemailer's pool) against a bare nodemailer loop
 *   with the same pool sending the same messages 50 at a time; messages per
 *   second, A B A B, target at least 0.5 of the loop.
 */
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { connectDatabase, type DatabaseHandle } from '../db/connect.ts';
import { posts, sites } from '../db/content-schema.ts';
import { emailSends } from '../db/email-schema.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { users } from '../db/schema.ts';
import { renderVariants } from '../server/newsletters/newsletter-content.ts';
import { createNewsletterDelivery } from '../server/newsletters/newsletter-delivery.ts';
import { newsletterMessage } from '../server/newsletters/newsletter-headers.ts';
import type { NewsletterInput } from '../server/newsletters/newsletter-render.ts';
import { planRecipients } from '../server/newsletters/plan-send.ts';
import { createRateSlots } from '../server/newsletters/rate-slots.ts';
import { createLogger } from '../server/logger.ts';
import { createSmtpTransport } from '../server/mail/transport.ts';
import { insertTiers } from '../tests/support/members-fixtures.ts';
import { uniqueHandle } from '../tests/support/site-fixtures.ts';
import { alternate } from './lib/alternate.ts';
import { createBenchDatabase } from './lib/processes.ts';
import type { BenchRow } from './lib/row.ts';

const RECIPIENTS = 100_000;
const DELIVERED = Number(process.env.BENCH_EMAIL_MESSAGES ?? 2000);
const POOL = { maxConnections: 5 };
const CONCURRENCY = 50;

async function seedSite(handle: DatabaseHandle, members: number, label: string) {
  const { db } = handle;
  const ownerId = `${label}-owner`;
  await db.insert(users).values({ id: ownerId, email: `${label}-owner@bench.example`, fullName: 'Owner', displayName: 'Owner', username: 'owner', niche: '', emailVerified: true });
  const [site] = await db.insert(sites).values({ ownerId, handle: uniqueHandle(label), title: 'Harbour Sounds', publishedAt: new Date() }).returning();
  const tiers = await insertTiers(db, site!.id);
  await db.execute(sql`insert into users (id, email, full_name, display_name, username, niche, role, email_verified)
    select ${label} || n, ${label} || n || '@bench.example', 'Member ' || n, 'Member', 'm' || n, '', 'member', true
    from generate_series(1, ${members}::int) as n`);
  await db.execute(sql`insert into memberships (site_id, user_id, tier_id, status, source)
    select ${site!.id}::uuid, ${label} || n, case when n % 5 = 0 then ${tiers.gold.id}::uuid else ${tiers.free.id}::uuid end, 'active',
      case when n % 5 = 0 then 'stripe' else 'free' end
    from generate_series(1, ${members}::int) as n`);
  return site!;
}

async function newSend(handle: DatabaseHandle, siteId: string) {
  const { db } = handle;
  const [post] = await db
    .insert(posts)
    .values({ siteId, slug: `p-${crypto.randomUUID()}`, title: 'A paid letter', body: { type: 'doc', content: [] }, previewHtml: '<p>Open to all.</p>', gatedHtml: '<p>For paying members.</p>', visibility: 'paid', status: 'published', publishedAt: new Date() })
    .returning();
  const [send] = await db.insert(emailSends).values({ postId: post!.id, siteId, segment: 'all', status: 'planning' }).returning();
  return { post: post!, send: send! };
}

const input = (title: string): NewsletterInput => ({
  site: { title: 'Harbour Sounds', brandColor: '#6d28d9', logoUrl: null, url: 'http://localhost/@harbour', joinUrl: 'http://localhost/@harbour/join' },
  post: { title, excerpt: '', visibility: 'paid', url: 'http://localhost/@harbour/posts/a', previewHtml: '<p>Open to all.</p>', gatedHtml: '<p>For paying members.</p>' },
  media: new Map(),
  prefixOf: () => undefined,
});

async function measurePlanning(kind: 'postgres' | 'pglite', handle: DatabaseHandle) {
  const site = await seedSite(handle, RECIPIENTS, `plan${kind}`);
  const { post, send } = await newSend(handle, site.id);
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let peakRss = rssBefore;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
  const started = performance.now();
  let renders = 0;
  const counted = (variantInput: NewsletterInput) => {
    const variants = renderVariants(variantInput);
    renders += Object.keys(variants).length;
    return variants;
  };
  const rendered = counted(input(post.title));
  const planned = await planRecipients(handle.db, send, { id: post.id, visibility: 'paid' }, new Date());
  await handle.db.update(emailSends).set({ rendered, queued: planned, status: 'sending' }).where(eq(emailSends.id, send.id));
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  if (planned !== RECIPIENTS) throw new Error(`planned ${planned} of ${RECIPIENTS}`);
  return { seconds, growthMb: (peakRss - rssBefore) / 1024 / 1024, renders };
}

async function startCountingSmtp(): Promise<{ url: string; count: () => number; stop(): Promise<void> }> {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        received += 1;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, count: () => received, stop: () => new Promise((resolve) => server.close(() => resolve())) };
}

export async function benchEmail(pairs: number): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const database = await createBenchDatabase();
  const postgres = await connectDatabase({ url: database.url });
  const pglite = await connectDatabase({ pgliteDir: undefined });
  const smtp = await startCountingSmtp();
  const transport = createSmtpTransport(smtp.url, 'Bench <bench@localhost>', POOL);
  try {
    await migrateDatabase(postgres);
    await migrateDatabase(pglite);
    // BENCH_EMAIL_PLANNING=0 measures delivery alone (the planning rows take most of the run's time).
    const planningTargets = process.env.BENCH_EMAIL_PLANNING === '0' ? [] : ([['postgres', postgres], ['pglite', pglite]] as const);
    for (const [kind, handle] of planningTargets) {
      const planning = await measurePlanning(kind, handle);
      rows.push({
        row: 40,
        name: `planning a send to ${RECIPIENTS.toLocaleString('en')} members on ${kind === 'postgres' ? 'Postgres' : 'PGlite'} (one INSERT … SELECT)`,
        figure: Number(planning.seconds.toFixed(2)),
        unit: `s, RSS growth ${planning.growthMb.toFixed(0)} MB`,
        target: '< 60 s, < 150 MB',
        holds: planning.seconds < 60 && planning.growthMb < 150,
        detail: planning,
      });
      if (kind === 'postgres') {
        rows.push({
          row: 41,
          name: `renders of one post's e-mail for ${RECIPIENTS.toLocaleString('en')} recipients`,
          figure: planning.renders,
          unit: 'renders (one per access variant)',
          target: '= 3 (full, join, upgrade)',
          holds: planning.renders === 3,
          detail: {},
        });
      }
    }

    const site = await seedSite(postgres, DELIVERED, 'deliver');
    const logger = createLogger('silent');
    const delivery = createNewsletterDelivery({
      db: postgres.db,
      clock: () => new Date(),
      logger,
      transport,
      rateSlots: createRateSlots(postgres.db, 1_000_000),
      mailFrom: 'Bench <bench@localhost>',
      leaseMs: 120_000,
      retryBaseMs: 5000,
      unsubscribeUrl: (handle, membershipId) => Promise.resolve(`http://localhost/@${handle}/unsubscribe?token=${membershipId}.x`),
    });
    const variants = renderVariants(input('A paid letter'));
    const product = async () => {
      const { post, send } = await newSend(postgres, site.id);
      const planned = await planRecipients(postgres.db, send, { id: post.id, visibility: 'paid' }, new Date());
      await postgres.db.update(emailSends).set({ rendered: variants, queued: planned, status: 'sending' }).where(eq(emailSends.id, send.id));
      const before = smtp.count();
      const started = performance.now();
      await delivery.deliverDue(send.id);
      const seconds = (performance.now() - started) / 1000;
      if (smtp.count() - before !== DELIVERED) throw new Error(`delivered ${smtp.count() - before} of ${DELIVERED}`);
      return DELIVERED / seconds;
    };
    const messages = Array.from({ length: DELIVERED }, (_, index) =>
      newsletterMessage(variants.full!, `deliver${index + 1}@bench.example`, `http://localhost/@h/unsubscribe?token=${index}.x`, { siteTitle: 'Harbour Sounds', mailFrom: 'Bench <bench@localhost>' }),
    );
    const peer = async () => {
      const before = smtp.count();
      const started = performance.now();
      for (let offset = 0; offset < messages.length; offset += CONCURRENCY) await Promise.all(messages.slice(offset, offset + CONCURRENCY).map((message) => transport.send(message)));
      const seconds = (performance.now() - started) / 1000;
      if (smtp.count() - before !== DELIVERED) throw new Error(`peer delivered ${smtp.count() - before} of ${DELIVERED}`);
      return DELIVERED / seconds;
    };
    const result = await alternate(pairs, product, peer);
    rows.push({
      row: 42,
      name: `delivering ${DELIVERED.toLocaleString('en')} newsletters to a local SMTP server, against a bare nodemailer loop with the same pool`,
      figure: Number(result.medianRatio.toFixed(2)),
      unit: `x (product ${result.product.map((value) => value.toFixed(0)).join('/')} msg/s, loop ${result.peer.map((value) => value.toFixed(0)).join('/')} msg/s)`,
      target: '>= 0.5',
      holds: result.medianRatio >= 0.5,
      detail: { ...result },
    });
  } finally {
    transport.close();
    await smtp.stop();
    await pglite.close();
    await postgres.close();
    await database.drop();
  }
  return rows;
}
