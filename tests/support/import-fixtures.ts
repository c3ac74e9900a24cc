/**
 * Export files of the platforms creators move from, made in the tests in each
 * source's real format (DESIGN.md "Testing added in release 4"): a Substack zip,
 * a WordPress WXR, a Mailchimp CSV; and a local HTTP server for the images their
 * posts link to, as the source's CDN would serve them. The readers under
 * server/imports/sources/ are what these exercise; nothing here knows them.
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { stringify } from 'csv-stringify/sync';
import sharp from 'sharp';
import { ZipFile } from 'yazl';

export interface SubstackPost {
  /** Substack's numeric id; the post id is `{id}.{slug}`. */
  id: number;
  slug: string;
  title: string;
  subtitle?: string;
  audience?: 'everyone' | 'only_free' | 'only_paid' | 'founding';
  published?: boolean;
  /** ISO. */
  date?: string;
  html: string;
}

export interface SubstackListMember {
  email: string;
  active?: boolean;
  emailDisabled?: boolean;
  /** ISO. */
  createdAt?: string;
  /** On the subscribers CSV: the customer on the creator's own Stripe account. */
  stripeCustomerId?: string;
  name?: string;
}

/** The zip Substack mails from Settings > Exports, written to `filePath` as a stream (a bench's has 50,000 members). */
export async function writeSubstackZip(filePath: string, { posts, members, publication = 'harbour' }: { posts: SubstackPost[]; members: SubstackListMember[]; publication?: string }): Promise<void> {
  const zip = new ZipFile();
  const postRows = posts.map((post) => [
    `${post.id}.${post.slug}`,
    post.date ?? '2024-03-01T09:00:00.000Z',
    String(post.published ?? true),
    post.date ?? '2024-03-01T09:00:00.000Z',
    '',
    'newsletter',
    post.audience ?? 'everyone',
    post.title,
    post.subtitle ?? '',
    '',
  ]);
  zip.addBuffer(
    Buffer.from(stringify([['post_id', 'post_date', 'is_published', 'email_sent_at', 'inbox_sent_at', 'type', 'audience', 'title', 'subtitle', 'podcast_url'], ...postRows])),
    'posts.csv',
  );
  for (const post of posts) zip.addBuffer(Buffer.from(post.html), `posts/${post.id}.${post.slug}.html`);
  const listRows = members.map((member) => [member.email, String(member.active ?? false), '', member.active ? 'paid' : 'free', String(member.emailDisabled ?? false), member.createdAt ?? '2023-06-01T00:00:00.000Z']);
  zip.addBuffer(Buffer.from(stringify([['email', 'active_subscription', 'expiry', 'plan', 'email_disabled', 'created_at'], ...listRows])), `email_list.${publication}.csv`);
  const subscribers = members.filter((member) => member.stripeCustomerId || member.name);
  if (subscribers.length > 0) {
    const rows = subscribers.map((member) => [member.email, member.name ?? '', member.active ? 'Monthly' : 'Free', member.stripeCustomerId ?? '']);
    zip.addBuffer(Buffer.from(stringify([['email', 'name', 'subscription_type', 'stripe_connected_customer_id'], ...rows])), `${publication}_subscribers.csv`);
  }
  zip.end();
  const out = createWriteStream(filePath);
  zip.outputStream.pipe(out);
  await once(out, 'close');
}

export interface WordpressPost {
  id: number;
  slug: string;
  title: string;
  /** `YYYY-MM-DD HH:MM:SS`, as WordPress writes `wp:post_date_gmt`. */
  date: string;
  html: string;
  categories?: string[];
  type?: 'post' | 'page';
  excerpt?: string;
  /** A password-protected post. */
  password?: string;
}

const cdata = (text: string) => `<![CDATA[${text.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;

/** A WordPress WXR 1.2 file (Tools > Export > All content). */
export function wordpressWxr(siteUrl: string, posts: WordpressPost[]): string {
  const items = posts
    .map(
      (post) => `<item>
  <title>${cdata(post.title)}</title>
  <link>${siteUrl}/${post.date.slice(0, 4)}/${post.date.slice(5, 7)}/${post.date.slice(8, 10)}/${post.slug}/</link>
  <dc:creator>${cdata('admin')}</dc:creator>
  <content:encoded>${cdata(post.html)}</content:encoded>
  <excerpt:encoded>${cdata(post.excerpt ?? '')}</excerpt:encoded>
  <wp:post_id>${post.id}</wp:post_id>
  <wp:post_date>${cdata(post.date)}</wp:post_date>
  <wp:post_date_gmt>${cdata(post.date)}</wp:post_date_gmt>
  <wp:post_name>${cdata(post.slug)}</wp:post_name>
  <wp:status>${cdata('publish')}</wp:status>
  <wp:post_type>${cdata(post.type ?? 'post')}</wp:post_type>
  <wp:post_password>${cdata(post.password ?? '')}</wp:post_password>
  ${(post.categories ?? []).map((name) => `<category domain="category" nicename="${name.toLowerCase()}">${cdata(name)}</category>`).join('\n  ')}
</item>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wfw="http://wellformedweb.org/CommentAPI/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel>
  <title>Harbour Notes</title>
  <link>${siteUrl}</link>
  <wp:wxr_version>1.2</wp:wxr_version>
  <wp:base_site_url>${siteUrl}</wp:base_site_url>
  <wp:base_blog_url>${siteUrl}</wp:base_blog_url>
${items}
</channel>
</rss>
`;
}

/** One of Mailchimp's audience CSVs (subscribed, unsubscribed or cleaned). */
export function mailchimpCsv(members: { email: string; firstName?: string; lastName?: string; tags?: string[] }[]): string {
  const rows = members.map((member) => [member.email, member.firstName ?? '', member.lastName ?? '', '2023-01-05 10:00:00', member.tags?.map((tag) => `"${tag}"`).join(',') ?? '']);
  return stringify([['Email Address', 'First Name', 'Last Name', 'OPTIN_TIME', 'TAGS'], ...rows]);
}

/** Mailchimp's Audience > Export audience: one zip of a CSV a list (`mailchimpCsv`'s rows), named as Mailchimp names them. */
export async function writeMailchimpZip(filePath: string, lists: Partial<Record<'subscribed' | 'unsubscribed' | 'cleaned' | 'nonsubscribed', Parameters<typeof mailchimpCsv>[0]>>): Promise<void> {
  const zip = new ZipFile();
  for (const [list, members] of Object.entries(lists)) zip.addBuffer(Buffer.from(mailchimpCsv(members)), `${list}_members_export_1a2b3c4d5e.csv`);
  zip.end();
  const out = createWriteStream(filePath);
  zip.outputStream.pipe(out);
  await once(out, 'close');
}

export interface GhostPost {
  slug: string;
  title: string;
  /** As Ghost stores it, links and images under `__GHOST_URL__`. */
  html: string;
  excerpt?: string;
  visibility?: 'public' | 'members' | 'paid' | 'tiers';
  /** `__GHOST_URL__/content/images/…`. */
  featureImage?: string;
  /** ISO. */
  publishedAt?: string;
  type?: 'post' | 'page';
  tags?: string[];
}

/** Ghost 5's JSON export (Settings › Advanced › Export content): `{ db: [{ meta, data }] }` with its tables. */
export function ghostJson(posts: GhostPost[]): string {
  const id = (kind: number, index: number) => `65e1a0c0${String(kind).padStart(4, '0')}${String(index).padStart(12, '0')}`;
  const tagNames = [...new Set(posts.flatMap((post) => post.tags ?? []))];
  const rows = posts.map((post, index) => ({
    id: id(1, index),
    uuid: `6f1c2b3a-0000-4000-8000-${String(index).padStart(12, '0')}`,
    title: post.title,
    slug: post.slug,
    mobiledoc: null,
    lexical: null,
    html: post.html,
    comment_id: id(1, index),
    plaintext: post.html.replace(/<[^>]*>/g, ''),
    feature_image: post.featureImage ?? null,
    featured: 0,
    type: post.type ?? 'post',
    status: 'published',
    locale: null,
    visibility: post.visibility ?? 'public',
    email_recipient_filter: 'all',
    created_at: post.publishedAt ?? '2024-03-01T09:00:00.000Z',
    updated_at: post.publishedAt ?? '2024-03-01T09:00:00.000Z',
    published_at: post.publishedAt ?? '2024-03-01T09:00:00.000Z',
    custom_excerpt: post.excerpt ?? null,
    codeinjection_head: null,
    codeinjection_foot: null,
    custom_template: null,
    canonical_url: null,
    newsletter_id: null,
    show_title_and_feature_image: 1,
  }));
  const data = {
    posts: rows,
    posts_meta: [],
    tags: tagNames.map((name, index) => ({ id: id(2, index), name, slug: name.toLowerCase().replace(/\W+/g, '-'), description: null, visibility: 'public' })),
    posts_tags: posts.flatMap((post, index) => (post.tags ?? []).map((name, order) => ({ id: id(3, index * 100 + order), post_id: id(1, index), tag_id: id(2, tagNames.indexOf(name)), sort_order: order }))),
    users: [{ id: '1', name: 'Harbour Writer', slug: 'harbour', email: 'writer@harbour.example' }],
    posts_authors: rows.map((row, index) => ({ id: id(4, index), post_id: row.id, author_id: '1', sort_order: 0 })),
  };
  return JSON.stringify({ db: [{ meta: { exported_on: Date.UTC(2024, 3, 1), version: '5.82.0' }, data }] });
}

export interface Patron {
  email: string;
  name?: string;
  status: 'Active patron' | 'Declined patron' | 'Former patron';
  tier?: string;
  /** In dollars. */
  pledge?: number;
  /** `YYYY-MM-DD HH:MM:SS`, UTC, as Patreon writes it. */
  nextCharge?: string;
}

/** Patreon's members CSV (creator page › Audience › Export CSV), in its own columns. */
export function patreonCsv(patrons: Patron[]): string {
  const header = ['Name', 'Email', 'Discord', 'Patron Status', 'Follows You', 'Free Member', 'Free Trial', 'Lifetime Amount', 'Pledge Amount', 'Charge Frequency', 'Tier', 'Addressee', 'Street', 'City', 'State', 'Zip', 'Country', 'Phone', 'Patronage Since Date', 'Last Charge Date', 'Last Charge Status', 'Additional Details', 'User ID', 'Last Updated', 'Currency', 'Max Posts', 'Access Expiration', 'Next Charge Date'];
  const rows = patrons.map((patron, index) => {
    const pledge = patron.status === 'Former patron' ? '' : (patron.pledge ?? 5).toFixed(2);
    const paid = patron.status === 'Active patron' ? 'Paid' : patron.status === 'Declined patron' ? 'Declined' : '';
    return [patron.name ?? '', patron.email, '', patron.status, 'No', 'No', 'No', '60.00', pledge, 'monthly', patron.tier ?? '', '', '', '', '', '', '', '', '2023-02-01 10:00:00.000000', '2024-03-01 10:00:00.000000', paid, '', String(80_000_000 + index), '2024-03-01 10:00:00.000000', 'USD', '', '', patron.nextCharge ?? ''];
  });
  return stringify([header, ...rows]);
}

export interface ImageHost {
  url: string;
  /** How many images it sent whole (an import's copies; a dry run's check asks for the first byte only and is not one). */
  requests(): number;
  /** How many requests for the first byte only it answered: a dry run's checks. */
  firstByteChecks(): number;
  /** The most requests it held at once: what a bound on parallel fetches shows. */
  maxInFlight(): number;
  close(): Promise<void>;
}

/**
 * A source's image CDN on loopback: `/img/{name}.png` (or any folder: `/content/images/2024/03/{name}.png`, as Ghost
 * and WordPress keep uploads) answers a small PNG whose colour comes from the name, so every
 * address is a distinct image, after `delayMs` (a CDN's latency). A request for its first byte
 * (`Range: bytes=0-0`, a dry run's check) gets that byte and the size, as CDNs answer it. Reached
 * by the server only with IMPORT_ALLOW_PRIVATE_ADDRESSES=true.
 */
export async function startImageHost({ delayMs = 0 }: { delayMs?: number } = {}): Promise<ImageHost> {
  let count = 0;
  let checks = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  const server: Server = createServer((request, response) => {
    const match = /^\/(?:[\w-]+\/)+([\w-]+)\.png$/.exec(request.url ?? '');
    if (!match) {
      response.writeHead(404).end();
      return;
    }
    const firstByte = request.headers.range === 'bytes=0-0';
    if (firstByte) checks += 1;
    else count += 1;
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    response.once('close', () => (inFlight -= 1));
    let hash = 0;
    for (const character of match[1]!) hash = (hash * 31 + character.charCodeAt(0)) >>> 0;
    const png = sharp({ create: { width: 64, height: 40, channels: 3, background: { r: hash & 255, g: (hash >> 8) & 255, b: (hash >> 16) & 255 } } }).png().toBuffer();
    const answer = (bytes: Buffer) =>
      firstByte
        ? response.writeHead(206, { 'content-type': 'image/png', 'content-range': `bytes 0-0/${bytes.length}`, 'content-length': 1 }).end(bytes.subarray(0, 1))
        : response.writeHead(200, { 'content-type': 'image/png', 'content-length': bytes.length }).end(bytes);
    setTimeout(() => void png.then(answer), delayMs);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests: () => count,
    firstByteChecks: () => checks,
    maxInFlight: () => maxInFlight,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
