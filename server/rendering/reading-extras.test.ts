/**
 * What a post page shows around its text (issue 29, item 6): images offered
 * in a srcset never wider than the original, the byline, the join prompt after
 * a public post (to a visitor and a signed-in non-member, never to a member
 * or the owner, and not under a gated preview, where the gate asks), and share
 * links that are plain addresses of each network.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_TIP_SETTINGS } from '../../common/earn.ts';
import type { Site } from '../sites/index.ts';
import { columnImageSizes, imageHtml, srcsetImages } from './media-html.ts';
import { postMain, type PostPageInput } from './post-page.ts';
import { shareLinks } from './post-extras.ts';
import type { SiteReader } from './site-bar.ts';
import type { MediaRow, PostRow } from './site-rows.ts';

const image = (derived: MediaRow['derived'], type = 'image/jpeg'): MediaRow => ({ id: '00000000-0000-4000-8000-000000000001', kind: 'image', originalName: 'sea.jpg', type, bytes: 1000, derived, alt: 'The sea' });

describe('srcset that never upscales', () => {
  it('offers the original at its own width when every variant is narrower, and never a width above it', () => {
    const item = image({ width: 800, height: 600, images: [{ width: 640, height: 480, file: 'w640.webp' }, { width: 320, height: 240, file: 'w320.webp' }] });
    expect(srcsetImages(item).map((variant) => variant.width)).toEqual([320, 640, 800]);
    const html = imageHtml(item, '/media/x/public', { sizes: columnImageSizes(item) });
    expect(html).toContain('srcset="/media/x/public/w320.webp 320w, /media/x/public/w640.webp 640w, /media/x/public/original 800w"');
    expect(html).toContain('width="800" height="600"');
  });

  it('drops a variant wider than the original, and never offers an original browsers cannot show', () => {
    const item = image({ width: 500, height: 500, images: [{ width: 320, height: 320, file: 'w320.webp' }, { width: 640, height: 640, file: 'w640.webp' }] }, 'image/tiff');
    const widths = srcsetImages(item).map((variant) => variant.width);
    expect(widths).toEqual([320]);
    for (const width of widths) expect(width).toBeLessThanOrEqual(500);
  });

  it('tells the browser a small image is drawn at its own width, and a large one at the column', () => {
    expect(columnImageSizes(image({ width: 240, height: 160, images: [{ width: 240, height: 160, file: 'w240.webp' }] }))).toBe('(min-width: 272px) 240px, calc(100vw - 2rem)');
    expect(columnImageSizes(image({ width: 1600, height: 900 }))).toBe('(min-width: 644px) 612px, calc(100vw - 2rem)');
  });
});

const site = { id: 's1', handle: 'harbour', domain: null, title: 'Harbour Sounds', tagline: 'Field recordings from the coast', tips: DEFAULT_TIP_SETTINGS } as unknown as Site;
const published = new Date('2026-03-04T09:00:00Z');
const post = (visibility: PostRow['visibility'], gated = ''): PostRow =>
  ({ id: 'p1', slug: 'the-pier', title: 'The pier at dawn', excerpt: '', visibility, previewHtml: '<p>At five the pier is empty.</p>', gatedHtml: gated, hasGatedPart: gated !== '', tierIds: [], publishedAt: published, updatedAt: published }) as unknown as PostRow;
const tiers = [{ id: '00000000-0000-4000-8000-0000000000f1', type: 'free' as const }];

function page(input: Partial<PostPageInput> & { reader: SiteReader }): string {
  return postMain({ site, post: post('public'), access: 'whole', media: new Map(), prefixOf: () => undefined, appUrl: new URL('https://creators.example'), tiers, ...input });
}

describe('the byline', () => {
  it('names the site and dates the post under the title, with the avatar when there is one', () => {
    const avatar = { item: image({ width: 400, height: 400, images: [{ width: 320, height: 320, file: 'w320.webp' }] }), prefix: '/media/a/public' };
    const html = page({ reader: 'signed-out', avatar });
    expect(html).toMatch(/<h1 class="post__title">The pier at dawn<\/h1><div class="byline"><img class="byline__avatar" src="\/media\/a\/public\/w320.webp"/);
    expect(html).toContain('<span class="byline__author">Harbour Sounds</span><span class="byline__date"><time datetime="2026-03-04T09:00:00.000Z">');
    expect(page({ reader: 'signed-out' })).not.toContain('byline__avatar');
  });
});

describe('the join prompt after a post', () => {
  it('asks a visitor for an e-mail address only, into the free tier', () => {
    const html = page({ reader: 'signed-out' });
    expect(html).toContain('<aside class="join-prompt" aria-labelledby="join-prompt-heading"><h2 id="join-prompt-heading">Join Harbour Sounds</h2><p>Field recordings from the coast</p>');
    expect(html).toContain('method="post" action="/@harbour/join/signup"');
    expect(html).toContain(`name="choice" value="${tiers[0]!.id}:month"`);
    expect(html.match(/<input(?![^>]*type="hidden")[^>]*>/g)).toEqual([expect.stringContaining('name="email" type="email"')]);
  });

  it('lets a signed-in reader who is not a member join with one click', () => {
    const html = page({ reader: 'signed-in' });
    expect(html).toContain(`<form class="join-prompt__form" method="post" action="/@harbour/join"><input type="hidden" name="tierId" value="${tiers[0]!.id}"><button class="button" type="submit">Join for free</button></form>`);
    expect(html).not.toContain('name="email"');
  });

  it('is not shown to a member or the owner', () => {
    expect(page({ reader: 'member' })).not.toContain('join-prompt');
    expect(page({ reader: 'owner' })).not.toContain('join-prompt');
  });

  it('leads to the memberships when the site has no free tier', () => {
    expect(page({ reader: 'signed-out', tiers: [] })).toContain('<a class="button" href="/@harbour/join">See the memberships</a>');
  });

  it('gives way to the gate under a members-only preview', () => {
    const html = page({ reader: 'signed-out', post: post('members', '<p>Secret.</p>'), access: 'preview' });
    expect(html).toContain('class="gate"');
    expect(html).not.toContain('join-prompt');
    expect(html).not.toContain('Secret.');
  });
});

describe('the tip link after a post', () => {
  it('names the post when the tip jar is on, and is absent while it is off', () => {
    expect(page({ reader: 'signed-out' })).not.toContain('post__tip');
    const withTips = { ...site, tips: { ...DEFAULT_TIP_SETTINGS, enabled: true } } as Site;
    expect(page({ reader: 'signed-out', site: withTips })).toContain('<p class="post__tip"><a href="/@harbour/tip?post=p1">Tip Harbour Sounds</a></p>');
  });
});

describe('share links', () => {
  it('are the networks’ own share addresses with the post’s address, and a copy link to it', () => {
    const url = 'https://creators.example/@harbour/posts/the-pier';
    const links = Object.fromEntries(shareLinks('The pier & dawn', url).map((link) => [link.label, new URL(link.href)]));
    expect(Object.keys(links)).toEqual(['E-mail', 'X', 'Bluesky', 'Facebook', 'LinkedIn']);
    expect(links['X']!.origin).toBe('https://x.com');
    expect(links['X']!.searchParams.get('url')).toBe(url);
    expect(links['X']!.searchParams.get('text')).toBe('The pier & dawn');
    expect(links['Bluesky']!.searchParams.get('text')).toBe(`The pier & dawn ${url}`);
    expect(links['Facebook']!.searchParams.get('u')).toBe(url);
    expect(links['LinkedIn']!.searchParams.get('url')).toBe(url);
    expect(links['E-mail']!.protocol).toBe('mailto:');
    const html = page({ reader: 'member' });
    expect(html).toContain(`<a href="${url}" data-copy-link>Copy link</a>`);
    expect(html).not.toMatch(/<script|<img[^>]*(facebook|x\.com|linkedin)/);
  });
});
