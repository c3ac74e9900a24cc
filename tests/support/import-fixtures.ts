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
  <excerpt:encoded>${cdata('')}</excerpt:encoded>
  <wp:post_id>${post.id}</wp:post_id>
  <wp:post_date_gmt>${cdata(post.date)}</wp:post_date_gmt>
  <wp:post_name>${cdata(post.slug)}</wp:post_name>
  <wp:status>${cdata('publish')}</wp:status>
  <wp:post_type>${cdata(post.type ?? 'post')}</wp:post_type>
  <wp:post_password>${cdata('')}</wp:post_password>
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

export interface ImageHost {
  url: string;
  /** How many image requests it answered. */
  requests(): number;
  /** The most requests it held at once: what a bound on parallel fetches shows. */
  maxInFlight(): number;
  close(): Promise<void>;
}

/**
 * A source's image CDN on loopback: `/img/{name}.png` answers a small PNG whose colour comes from the name, so every
 * address is a distinct image, after `delayMs` (a CDN's latency). Reached by the server only with
 * IMPORT_ALLOW_PRIVATE_ADDRESSES=true.
 */
export async function startImageHost({ delayMs = 0 }: { delayMs?: number } = {}): Promise<ImageHost> {
  let count = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  const server: Server = createServer((request, response) => {
    const match = /^\/img\/([\w-]+)\.png$/.exec(request.url ?? '');
    if (!match) {
      response.writeHead(404).end();
      return;
    }
    count += 1;
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    response.once('close', () => (inFlight -= 1));
    let hash = 0;
    for (const character of match[1]!) hash = (hash * 31 + character.charCodeAt(0)) >>> 0;
    const png = sharp({ create: { width: 64, height: 40, channels: 3, background: { r: hash & 255, g: (hash >> 8) & 255, b: (hash >> 16) & 255 } } }).png().toBuffer();
    setTimeout(() => void png.then((bytes) => response.writeHead(200, { 'content-type': 'image/png', 'content-length': bytes.length }).end(bytes)), delayMs);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests: () => count,
    maxInFlight: () => maxInFlight,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
