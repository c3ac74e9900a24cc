/**
 * The WordPress reader on a small WXR written here as WordPress writes it: a
 * classic-editor post (auto-paragraphs, a caption shortcode, uploads), a
 * block-editor page, an attachment as a cover, categories and tags, a
 * password-protected draft, old paths; and hostile or broken XML refused:
 * billion laughs, external entities (nothing fetched), a cut-off file.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SourcePost } from './source-bundle.ts';
import { readWordpressWxr } from './wordpress.ts';
import { WXR_MAX_BYTES } from './wxr-items.ts';

const OLD = 'https://old.example.com';
const UPLOADS = `${OLD}/wp-content/uploads/2024/05`;

const item = (fields: string) => `
  <item>${fields}
    <wp:comment><wp:comment_id>1</wp:comment_id><wp:comment_content><![CDATA[Nice post]]></wp:comment_content>
      <wp:commentmeta><wp:meta_key><![CDATA[akismet]]></wp:meta_key><wp:meta_value><![CDATA[1]]></wp:meta_value></wp:commentmeta>
    </wp:comment>
  </item>`;

const WXR = `<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/"
  xmlns:wfw="http://wellformedweb.org/CommentAPI/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel>
  <title>Old blog</title>
  <link>${OLD}</link>
  <description>Words</description>
  <wp:wxr_version>1.2</wp:wxr_version>
  <wp:base_site_url>${OLD}</wp:base_site_url>
  <wp:base_blog_url>${OLD}</wp:base_blog_url>
  <wp:author><wp:author_id>1</wp:author_id><wp:author_login><![CDATA[admin]]></wp:author_login></wp:author>
  <wp:category><wp:term_id>1</wp:term_id><wp:category_nicename><![CDATA[uncategorized]]></wp:category_nicename></wp:category>
  ${item(`
    <title><![CDATA[Hello &amp; welcome]]></title>
    <link>${OLD}/2024/05/01/hello-world/</link>
    <pubDate>Wed, 01 May 2024 08:00:00 +0000</pubDate>
    <dc:creator><![CDATA[admin]]></dc:creator>
    <guid isPermaLink="false">${OLD}/?p=12</guid>
    <description></description>
    <content:encoded><![CDATA[First paragraph
with a line break.

Second paragraph with <a href="/wp-content/uploads/2024/05/guide.pdf">a guide</a> and <a href="/about/">about</a>.

<img src="${UPLOADS}/photo.jpg" alt="Photo" />

[caption id="attachment_13" align="aligncenter" width="300"]<img src="${UPLOADS}/captioned.jpg" alt="" /> A caption[/caption]]]></content:encoded>
    <excerpt:encoded><![CDATA[Short excerpt]]></excerpt:encoded>
    <wp:post_id>12</wp:post_id>
    <wp:post_date><![CDATA[2024-05-01 10:00:00]]></wp:post_date>
    <wp:post_date_gmt><![CDATA[2024-05-01 08:00:00]]></wp:post_date_gmt>
    <wp:post_name><![CDATA[hello-world]]></wp:post_name>
    <wp:status><![CDATA[publish]]></wp:status>
    <wp:post_type><![CDATA[post]]></wp:post_type>
    <wp:post_password><![CDATA[]]></wp:post_password>
    <category domain="category" nicename="essays"><![CDATA[Essays]]></category>
    <category domain="category" nicename="uncategorized"><![CDATA[Uncategorized]]></category>
    <category domain="post_tag" nicename="food-drink"><![CDATA[Food &amp; Drink]]></category>
    <wp:postmeta><wp:meta_key><![CDATA[_thumbnail_id]]></wp:meta_key><wp:meta_value><![CDATA[20]]></wp:meta_value></wp:postmeta>`)}
  ${item(`
    <title><![CDATA[About]]></title>
    <link>${OLD}/about-me/</link>
    <content:encoded><![CDATA[<!-- wp:paragraph -->
<p>About me</p>
<!-- /wp:paragraph -->]]></content:encoded>
    <excerpt:encoded><![CDATA[]]></excerpt:encoded>
    <wp:post_id>2</wp:post_id>
    <wp:post_date><![CDATA[2023-01-02 03:04:05]]></wp:post_date>
    <wp:post_date_gmt><![CDATA[2023-01-02 03:04:05]]></wp:post_date_gmt>
    <wp:post_name><![CDATA[about]]></wp:post_name>
    <wp:status><![CDATA[publish]]></wp:status>
    <wp:post_type><![CDATA[page]]></wp:post_type>
    <wp:post_password><![CDATA[]]></wp:post_password>`)}
  <item>
    <title><![CDATA[cover]]></title>
    <wp:post_id>20</wp:post_id>
    <wp:post_type><![CDATA[attachment]]></wp:post_type>
    <wp:status><![CDATA[inherit]]></wp:status>
    <wp:attachment_url><![CDATA[${UPLOADS}/cover.jpg]]></wp:attachment_url>
    <wp:postmeta><wp:meta_key><![CDATA[_wp_attachment_image_alt]]></wp:meta_key><wp:meta_value><![CDATA[The cover]]></wp:meta_value></wp:postmeta>
  </item>
  <item>
    <title><![CDATA[Work in progress]]></title>
    <link>${OLD}/?p=30</link>
    <content:encoded><![CDATA[Not yet.]]></content:encoded>
    <wp:post_id>30</wp:post_id>
    <wp:post_date><![CDATA[2024-06-01 09:00:00]]></wp:post_date>
    <wp:post_date_gmt><![CDATA[0000-00-00 00:00:00]]></wp:post_date_gmt>
    <wp:post_name><![CDATA[]]></wp:post_name>
    <wp:status><![CDATA[draft]]></wp:status>
    <wp:post_type><![CDATA[post]]></wp:post_type>
    <wp:post_password><![CDATA[secret]]></wp:post_password>
  </item>
  <item><title>Menu</title><wp:post_id>40</wp:post_id><wp:post_type><![CDATA[nav_menu_item]]></wp:post_type><wp:status>publish</wp:status></item>
  <item><title>Mug</title><wp:post_id>41</wp:post_id><wp:post_type><![CDATA[product]]></wp:post_type><wp:status>publish</wp:status></item>
</channel>
</rss>
`;

let directory: string;
let counter = 0;

async function fileWith(content: string): Promise<string> {
  counter += 1;
  const filePath = path.join(directory, `export-${counter}.xml`);
  await writeFile(filePath, content);
  return filePath;
}

async function read(content: string) {
  return readWordpressWxr({ filePath: await fileWith(content), fileName: 'export.xml' });
}

const postBy = (posts: SourcePost[], key: string) => posts.find((post) => post.key === key)!;
const refusal = (words: string) => ({ code: 'invalid-import', status: 400, message: expect.stringContaining(words) });

/** Counts every request, so a test can show the reader fetched nothing. */
let requests = 0;
let server: Server;
let serverUrl: string;

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'wordpress-reader-'));
  server = createServer((_, response) => {
    requests += 1;
    response.end('secret');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(directory, { recursive: true, force: true });
});

describe('readWordpressWxr', () => {
  it('reads a classic post: auto-paragraphs, caption, absolute links, uploads to copy, cover, categories and tags, old paths', async () => {
    const bundle = await read(WXR);
    expect(bundle.source).toBe('wordpress');
    expect(bundle.members).toEqual([]);
    expect(bundle.posts.map((post) => post.key)).toEqual(['12', '2', '30']);
    const post = postBy(bundle.posts, '12');
    expect(post.html).toBe(
      '<p>First paragraph<br>\nwith a line break.</p>\n' +
        `<p>Second paragraph with <a href="${UPLOADS}/guide.pdf">a guide</a> and <a href="${OLD}/about/">about</a>.</p>\n` +
        `<p><img src="${UPLOADS}/photo.jpg" alt="Photo" /></p>\n` +
        `<figure><img src="${UPLOADS}/captioned.jpg" alt="" />\n<figcaption>A caption</figcaption>\n</figure>`,
    );
    expect(post).toMatchObject({
      title: 'Hello & welcome',
      slug: 'hello-world',
      excerpt: 'Short excerpt',
      status: 'published',
      publishedAt: new Date('2024-05-01T08:00:00Z'),
      visibility: 'public',
      tags: ['Essays', 'Food & Drink'],
      cover: { url: `${UPLOADS}/cover.jpg`, alt: 'The cover' },
      fileUrls: [`${UPLOADS}/guide.pdf`, `${UPLOADS}/photo.jpg`, `${UPLOADS}/captioned.jpg`],
      oldPaths: ['/?p=12', '/2024/05/01/hello-world/'],
      where: 'item 1 (Hello & welcome)',
    });
  });

  it('reads a block-editor page as it is, with its page paths and its own link', async () => {
    const page = postBy((await read(WXR)).posts, '2');
    expect(page.html).toBe('<!-- wp:paragraph -->\n<p>About me</p>\n<!-- /wp:paragraph -->');
    expect(page).toMatchObject({ slug: 'about', status: 'published', oldPaths: ['/?page_id=2', '/?p=2', '/about-me/'] });
  });

  it('makes a password-protected draft a members-only draft with a slug from its title; leaves attachments, menus and other types out', async () => {
    const bundle = await read(WXR);
    expect(postBy(bundle.posts, '30')).toMatchObject({ slug: 'work-in-progress', status: 'draft', publishedAt: null, visibility: 'members', html: '<p>Not yet.</p>', oldPaths: ['/?p=30'] });
    expect(bundle.problems).toEqual([{ where: 'WordPress export', message: '1 item of the type “product” is not a post or a page and was left out.' }]);
  });

  it('refuses billion laughs', async () => {
    const entities = Array.from({ length: 9 }, (_, level) => `<!ENTITY lol${level + 1} "${`&lol${level};`.repeat(10)}">`).join('\n');
    const xml = `<?xml version="1.0"?>\n<!DOCTYPE lolz [\n<!ENTITY lol0 "lol">\n${entities}\n]>\n<rss><channel><wp:wxr_version>1.2</wp:wxr_version><item><title>&lol9;</title></item></channel></rss>`;
    await expect(read(xml)).rejects.toMatchObject(refusal('The file declares XML entities, which a WordPress export never does.'));
  });

  it('refuses external entities and fetches nothing', async () => {
    for (const target of ['file:///etc/passwd', `${serverUrl}/secret`]) {
      const xml = `<?xml version="1.0"?>\n<!DOCTYPE rss [ <!ENTITY x SYSTEM "${target}"> ]>\n<rss><channel><wp:wxr_version>1.2</wp:wxr_version><item><title>&x;</title></item></channel></rss>`;
      await expect(read(xml)).rejects.toMatchObject(refusal('The file declares XML entities'));
    }
    const externalDtd = `<?xml version="1.0"?>\n<!DOCTYPE rss SYSTEM "${serverUrl}/dtd">\n<rss><channel><wp:wxr_version>1.2</wp:wxr_version></channel></rss>`;
    await expect(read(externalDtd)).rejects.toMatchObject(refusal('The file declares a document type'));
    expect(requests).toBe(0);
  });

  it('refuses a cut-off file, XML that is not a WXR, nesting too deep and a file past the size limit, in plain words', async () => {
    await expect(read(WXR.slice(0, WXR.indexOf('<wp:post_id>2</wp:post_id>')))).rejects.toMatchObject(refusal('the file is cut off'));
    await expect(read('<rss><channel><wp:wxr_version>1.2</wp:wxr_version><item><title>A</item></channel></rss>')).rejects.toMatchObject(refusal('is damaged: the element <title> is not closed'));
    await expect(read('<rss><channel><title>A feed</title></channel></rss>')).rejects.toMatchObject(refusal('This XML file is not a WordPress export'));
    await expect(read('<html><body>Hi</body></html>')).rejects.toMatchObject(refusal('should begin with <rss>'));
    await expect(read('')).rejects.toMatchObject(refusal('is empty or is not XML'));
    await expect(read(`<rss>${'<a>'.repeat(40)}${'</a>'.repeat(40)}</rss>`)).rejects.toMatchObject(refusal('nests elements deeper than'));
    const big = await fileWith('');
    await truncate(big, WXR_MAX_BYTES + 1);
    await expect(readWordpressWxr({ filePath: big, fileName: 'big.xml' })).rejects.toMatchObject(refusal('larger than 512 MB'));
  });
});
