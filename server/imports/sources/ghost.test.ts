/**
 * The Ghost reader on exports written here in Ghost's own shape: a post with
 * HTML, one with Lexical only, one with mobiledoc only, a page, tags, the
 * visibility mapping, `__GHOST_URL__` with and without the old address, and
 * files that are not Ghost exports, or a JSON export past 25 MB, refused in plain words.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zipBytes } from '../../../tests/support/zip-fixtures.ts';
import { GHOST_JSON_MAX_BYTES, readGhostExport } from './ghost.ts';
import type { SourcePost } from './source-bundle.ts';

const OLD = 'https://old.example.com';

const lexical = {
  root: {
    type: 'root',
    children: [
      { type: 'heading', tag: 'h2', children: [{ type: 'text', text: 'Title', format: 0 }] },
      {
        type: 'paragraph',
        children: [
          { type: 'text', text: 'Bold', format: 1 },
          { type: 'text', text: ' and ', format: 0 },
          { type: 'link', url: 'https://example.org/', children: [{ type: 'text', text: 'a link', format: 2 }] },
          { type: 'linebreak' },
          { type: 'text', text: 'x < y', format: 0 },
        ],
      },
      { type: 'list', listType: 'number', tag: 'ol', start: 1, children: [{ type: 'listitem', children: [{ type: 'text', text: 'one' }] }] },
      { type: 'quote', children: [{ type: 'text', text: 'Quoted' }] },
      { type: 'image', src: '__GHOST_URL__/content/images/b.png', alt: 'B', caption: 'A <em>caption</em>' },
      { type: 'horizontalrule' },
      { type: 'codeblock', code: 'let a = 1 < 2;', language: 'js' },
      { type: 'html', html: '<div>raw</div>' },
      { type: 'bookmark', url: 'https://example.org/read', metadata: { title: 'Read this' } },
      { type: 'embed', url: 'https://video.example.org/watch?v=x', html: '<iframe></iframe>', metadata: { title: 'A video' } },
      { type: 'paywall' },
      { type: 'signup' },
      { type: 'signup' },
    ],
  },
};

const mobiledoc = {
  version: '0.3.1',
  atoms: [['soft-return', '', {}]],
  markups: [['strong'], ['a', ['href', '__GHOST_URL__/about/']]],
  cards: [['image', { src: '__GHOST_URL__/content/images/c.png', alt: 'C' }], ['markdown', { markdown: '# hi' }], ['hr', {}], ['code', { code: 'x', language: 'py' }]],
  sections: [
    [1, 'h2', [[0, [], 0, 'Heading']]],
    [1, 'p', [[0, [0], 1, 'Strong'], [0, [], 0, ' then '], [0, [1], 1, 'a link'], [1, [], 0, 0], [0, [], 0, 'next line']]],
    [3, 'ul', [[[0, [], 0, 'item one']], [[0, [0], 1, 'item two']]]],
    [10, 0],
    [10, 1],
    [10, 2],
    [10, 3],
  ],
};

const base = { lexical: null, mobiledoc: null, html: null, feature_image: null, custom_excerpt: null, published_at: null, type: 'post' };
const data = {
  posts: [
    {
      ...base,
      id: 'p1',
      title: 'Hello HTML',
      slug: 'hello-html',
      html: '<p>Hi <a href="__GHOST_URL__/other/">other</a></p><figure class="kg-card kg-image-card"><img src="__GHOST_URL__/content/images/2024/05/a.png" alt="A"></figure>',
      feature_image: '__GHOST_URL__/content/images/2024/05/cover.jpg',
      status: 'published',
      visibility: 'public',
      published_at: '2024-05-01T10:00:00.000Z',
      custom_excerpt: 'The excerpt',
    },
    { ...base, id: 'p2', title: 'Lexical only', slug: 'lexical-only', lexical: JSON.stringify(lexical), status: 'draft', visibility: 'members' },
    { ...base, id: 'p3', title: 'Mobiledoc only', slug: 'mobiledoc-only', mobiledoc: JSON.stringify(mobiledoc), status: 'scheduled', visibility: 'paid', published_at: '2030-01-01T00:00:00.000Z' },
    { ...base, id: 'p4', title: 'About', slug: 'about', html: '<p>About me</p>', type: 'page', status: 'published', visibility: 'tiers', published_at: '2023-01-02T03:04:05.000Z' },
    { ...base, id: 'p5', title: 'Empty', slug: 'empty', status: 'published', visibility: 'public', published_at: '2024-01-01T00:00:00.000Z' },
  ],
  tags: [
    { id: 't1', name: 'News', visibility: 'public' },
    { id: 't2', name: '#internal', visibility: 'internal' },
    { id: 't3', name: 'Essays', visibility: 'public' },
  ],
  posts_tags: [
    { post_id: 'p1', tag_id: 't3', sort_order: 1 },
    { post_id: 'p1', tag_id: 't1', sort_order: 0 },
    { post_id: 'p1', tag_id: 't2', sort_order: 2 },
    { post_id: 'p4', tag_id: 't1', sort_order: 0 },
  ],
  posts_meta: [{ post_id: 'p1', feature_image_alt: 'A cover' }],
  users: [],
  posts_authors: [],
};

let directory: string;
let counter = 0;

async function fileWith(content: string): Promise<string> {
  counter += 1;
  const filePath = path.join(directory, `export-${counter}.json`);
  await writeFile(filePath, content);
  return filePath;
}

/** `sourceUrl` null: the creator gave no old address. */
async function read(content: unknown, sourceUrl: string | null = OLD) {
  const filePath = await fileWith(typeof content === 'string' ? content : JSON.stringify(content));
  return readGhostExport({ filePath, fileName: 'export.json', ...(sourceUrl ? { sourceUrl } : {}) });
}

const postBy = (posts: SourcePost[], key: string) => posts.find((post) => post.key === key)!;

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'ghost-reader-'));
});

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe('readGhostExport', () => {
  it('reads a post with HTML: __GHOST_URL__ resolved, cover with its alt, tags in order, excerpt, date and old path', async () => {
    const bundle = await read({ db: [{ meta: { exported_on: 1714557600000, version: '5.82.0' }, data }] });
    expect(bundle.source).toBe('ghost');
    expect(bundle.members).toEqual([]);
    expect(bundle.posts.map((post) => post.key)).toEqual(['p1', 'p2', 'p3', 'p4', 'p5']);
    const post = postBy(bundle.posts, 'p1');
    expect(post.html).toBe(`<p>Hi <a href="${OLD}/other/">other</a></p><figure class="kg-card kg-image-card"><img src="${OLD}/content/images/2024/05/a.png" alt="A"></figure>`);
    expect(post).toMatchObject({
      slug: 'hello-html',
      title: 'Hello HTML',
      excerpt: 'The excerpt',
      status: 'published',
      publishedAt: new Date('2024-05-01T10:00:00.000Z'),
      visibility: 'public',
      tags: ['News', 'Essays'],
      cover: { url: `${OLD}/content/images/2024/05/cover.jpg`, alt: 'A cover' },
      fileUrls: [`${OLD}/content/images/2024/05/a.png`],
      oldPaths: ['/hello-html/'],
    });
  });

  it('renders a Lexical-only post and names the nodes it skipped once', async () => {
    const bundle = await read({ db: [{ meta: {}, data }] });
    const post = postBy(bundle.posts, 'p2');
    expect(post.html).toBe(
      '<h2>Title</h2><p><strong>Bold</strong> and <a href="https://example.org/"><em>a link</em></a><br>x &lt; y</p><ol><li>one</li></ol>' +
        `<blockquote>Quoted</blockquote><figure><img src="${OLD}/content/images/b.png" alt="B"><figcaption>A <em>caption</em></figcaption></figure><hr>` +
        '<pre><code class="language-js">let a = 1 &lt; 2;</code></pre><div>raw</div><p><a href="https://example.org/read">Read this</a></p>' +
        '<p><a href="https://video.example.org/watch?v=x">A video</a></p><!--members-only-->',
    );
    expect(post).toMatchObject({ status: 'draft', publishedAt: null, visibility: 'members', fileUrls: [`${OLD}/content/images/b.png`] });
    expect(bundle.problems.filter((problem) => problem.where === 'Post “Lexical only”')).toEqual([
      { where: 'Post “Lexical only”', message: 'These parts could not be read and were left out: “signup”.' },
    ]);
  });

  it('renders a mobiledoc-only post: markups, soft returns, lists and cards; a scheduled post comes in as a draft', async () => {
    const bundle = await read({ db: [{ meta: {}, data }] });
    const post = postBy(bundle.posts, 'p3');
    expect(post.html).toBe(
      `<h2>Heading</h2><p><strong>Strong</strong> then <a href="${OLD}/about/">a link</a><br>next line</p><ul><li>item one</li><li><strong>item two</strong></li></ul>` +
        `<figure><img src="${OLD}/content/images/c.png" alt="C"></figure><hr><pre><code class="language-py">x</code></pre>`,
    );
    expect(post).toMatchObject({ status: 'draft', publishedAt: null, visibility: 'paid', fileUrls: [`${OLD}/content/images/c.png`] });
    expect(bundle.problems).toContainEqual({ where: 'Post “Mobiledoc only”', message: 'These parts could not be read and were left out: “markdown”.' });
  });

  it('takes pages as posts, maps tiers to paid, and reads a post with no body as empty, with a problem', async () => {
    const bundle = await read({ meta: { version: '2.0.0' }, data }, `${OLD}/blog/`);
    expect(postBy(bundle.posts, 'p4')).toMatchObject({ title: 'About', visibility: 'paid', tags: ['News'], status: 'published', oldPaths: ['/blog/about/'] });
    expect(postBy(bundle.posts, 'p5')).toMatchObject({ title: 'Empty', html: '', status: 'published' });
    expect(bundle.problems).toContainEqual({ where: 'Post “Empty”', message: 'It has no body in the export (no HTML, Lexical or mobiledoc).' });
  });

  it('without the old address keeps __GHOST_URL__ links relative, copies nothing, and says so once', async () => {
    const bundle = await read({ db: [{ meta: {}, data }] }, null);
    const post = postBy(bundle.posts, 'p1');
    expect(post.html).toContain('<img src="/content/images/2024/05/a.png"');
    expect(post.html).not.toContain('__GHOST_URL__');
    expect(post.fileUrls).toEqual([]);
    expect(post.cover).toBeUndefined();
    expect(bundle.problems.filter((problem) => problem.where === 'Ghost export')).toHaveLength(1);
  });

  it('refuses what is not a Ghost export, in plain words', async () => {
    const notGhost = { code: 'invalid-import', status: 400, message: 'This JSON file is not a Ghost export: it has no posts.' };
    await expect(read({ hello: 1 })).rejects.toMatchObject(notGhost);
    await expect(read([])).rejects.toMatchObject(notGhost);
    await expect(read({ db: [{ data: { tags: [] } }] })).rejects.toMatchObject(notGhost);
    await expect(read('{"db": [{"data": {"posts": [')).rejects.toMatchObject({ code: 'invalid-import', message: 'This JSON file cannot be read: it is damaged or cut short.' });
    await expect(read('<?xml version="1.0"?><rss></rss>')).rejects.toMatchObject({ code: 'invalid-import', message: expect.stringContaining('This file is not a Ghost export.') });
  });

  it('refuses a JSON export past 25 MB before parsing it, alone or in a zip, in plain words', async () => {
    const tooLarge = { code: 'invalid-import', status: 400, message: '“big.json” is 26 MB; this import reads Ghost’s JSON export up to 25 MB, as it holds the whole file in memory.' };
    const filePath = await fileWith('{"db": [');
    await truncate(filePath, GHOST_JSON_MAX_BYTES + 1);
    await expect(readGhostExport({ filePath, fileName: 'big.json' })).rejects.toMatchObject(tooLarge);
    // In a zip it compresses as a real export does (hex text, about twice), so it passes the zip bomb checks and meets this one.
    const json = Buffer.from(`{"db":[{"data":{"posts":[],"note":"${randomBytes(GHOST_JSON_MAX_BYTES / 2).toString('hex')}"}}]}`);
    const zipPath = path.join(directory, 'big.zip');
    await writeFile(zipPath, await zipBytes({ 'big.json': json }));
    await expect(readGhostExport({ filePath: zipPath, fileName: 'ghost.zip' })).rejects.toMatchObject(tooLarge);
  });
});
