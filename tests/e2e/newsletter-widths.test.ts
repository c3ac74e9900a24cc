/**
 * Issue 18 "tested to render in Gmail, Outlook and Apple Mail widths": a
 * post's e-mail (each access variant), the welcome mail and a creator's
 * notice, rendered by the server's own code, shown in real Chromium at the
 * reading-pane widths of those clients: 320 px (Gmail on a small phone), 375
 * (Apple Mail on an iPhone), 600 (Outlook's reading pane beside the list) and
 * 1024 (Gmail and Apple Mail on a laptop). Nothing may scroll sideways, every
 * image fits the window and its column, and the body text is at least 14 px.
 * Chromium is not Outlook's Word engine: the mail's fixed 600 px table with
 * inline styles is what keeps that one right (docs/decisions/093).
 * Screenshots go to /tmp/shots-notices/.
 */
import sharp from 'sharp';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderVariants } from '../../server/newsletters/newsletter-content.ts';
import { renderWelcome, UNSUBSCRIBE_PLACEHOLDER, type NewsletterInput } from '../../server/newsletters/newsletter-render.ts';
import { newMembersDigestMail } from '../../server/member-notices/member-notice-mail.ts';
import type { MediaRow } from '../../server/site-content/index.ts';
import { chromiumAvailable, launchChromium } from '../support/browser.ts';
import { screenshot } from '../support/screenshots.ts';

const SHOTS = '/tmp/shots-notices';
const WIDTHS = [320, 375, 600, 1024];
const IMAGE = '11111111-1111-4111-8111-111111111111';
const WIDE = '44444444-4444-4444-8444-444444444444';
const VIDEO = '22222222-2222-4222-8222-222222222222';
const ORIGIN = 'https://mail-assets.example';

const media = new Map<string, MediaRow>([
  [IMAGE, { id: IMAGE, kind: 'image', originalName: 'harbour.jpg', type: 'image/jpeg', bytes: 1, alt: 'The harbour', derived: { width: 1600, height: 900, images: [{ width: 640, height: 360, file: 'w640.webp' }, { width: 1280, height: 720, file: 'w1280.webp' }] } }],
  // A panorama with no smaller variant: the mail must still shrink it.
  [WIDE, { id: WIDE, kind: 'image', originalName: 'coast.jpg', type: 'image/jpeg', bytes: 1, alt: 'The coast', derived: { width: 3000, height: 600, images: [{ width: 3000, height: 600, file: 'w3000.webp' }] } }],
  [VIDEO, { id: VIDEO, kind: 'video', originalName: 'tour.mp4', type: 'video/mp4', bytes: 1, alt: 'A tour', derived: { poster: 'poster.webp', hls: { playlist: 'hls/master.m3u8', heights: [720] } } }],
]);

const embed = (id: string, kind: string) => `<figure data-media-id="${id}" data-media-kind="${kind}"></figure>`;
const longWord = 'Supercalifragilisticexpialidocious-harbour-soundscape-recordings';

const input: NewsletterInput = {
  site: { title: 'Harbour Sounds', brandColor: '#0a7c66', logoUrl: `${ORIGIN}/logo/w96.webp`, url: 'https://app.example/@harbour', joinUrl: 'https://app.example/@harbour/join' },
  post: {
    title: 'Tides, storms and the longest recording session of the winter',
    excerpt: 'A stormy week',
    visibility: 'paid',
    url: 'https://app.example/@harbour/posts/tides',
    previewHtml: `<p>Open to all. A link to <a href="https://example.org/a/very/long/path/that/goes/on/and/on/for/ever/and/ever">the source</a>.</p>${embed(IMAGE, 'image')}<ul><li>Wind</li><li>Rain</li></ul><blockquote><p>The sea is loud tonight.</p></blockquote>`,
    gatedHtml: `<h2>Paid part</h2><p>${longWord} ${longWord}</p>${embed(WIDE, 'image')}${embed(VIDEO, 'video')}<pre>const tide = 'high';</pre>`,
  },
  media,
  prefixOf: (id) => `${ORIGIN}/media/${id}/signed`,
};

const variants = renderVariants(input);
const mails: [string, string][] = [
  ...Object.entries(variants).map(([variant, mail]) => [`newsletter-${variant}`, mail.html] as [string, string]),
  ['welcome', renderWelcome(input.site, 'Hello!\n\nPosts come every Friday.').html],
  [
    'digest',
    newMembersDigestMail('Ada', {
      siteTitle: input.site.title,
      dayLabel: '24 November 2026',
      lists: [{ heading: 'New members', items: [{ label: `${longWord} (someone.with.a.long.address@members.example)`, url: 'https://app.example/subscribers/1' }], more: 3 }],
      newMembers: 4,
      newPaying: 0,
      link: 'https://app.example/subscribers',
    }).html,
  ],
];

let browser: Browser;
/** Real image bytes at each size the mail names, so the browser lays out what it loaded. */
const images = new Map<string, Buffer>();

beforeAll(async () => {
  if (!chromiumAvailable) return;
  browser = await launchChromium();
  for (const [file, width, height] of [['w96.webp', 96, 96], ['w1280.webp', 1280, 720], ['w3000.webp', 3000, 600], ['poster.webp', 1280, 720]] as const) {
    images.set(file, await sharp({ create: { width, height, channels: 3, background: '#5b8fb9' } }).webp().toBuffer());
  }
});
afterAll(async () => {
  await browser?.close();
});

describe.skipIf(!chromiumAvailable)('member mail at mail clients’ widths', () => {
  for (const [name, html] of mails) {
    it(`${name} fits 320, 375, 600 and 1024 px without sideways scrolling, images inside, text at least 14 px`, async () => {
      const context = await browser.newContext({ viewport: { width: WIDTHS[0]!, height: 900 } });
      const page = await context.newPage();
      await page.route(`${ORIGIN}/**`, (route) => route.fulfill({ status: 200, contentType: 'image/webp', body: images.get(new URL(route.request().url()).pathname.split('/').at(-1)!) ?? images.get('w1280.webp')! }));
      await page.setContent(html.split(UNSUBSCRIBE_PLACEHOLDER).join('https://app.example/@harbour/unsubscribe?token=t'), { waitUntil: 'load' });
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        const layout = await page.evaluate(() => {
          const viewport = window.innerWidth;
          const pictures = [...document.images].map((image) => {
            const box = image.getBoundingClientRect();
            const column = image.closest('td')!.getBoundingClientRect();
            return { src: image.src, loaded: image.complete && image.naturalWidth > 0, left: box.left, right: box.right, columnRight: column.right + 0.5 };
          });
          // Every element that holds its own words, except the small print under the card (the unsubscribe footer).
          const card = document.querySelector('table[width="600"]') ?? document.querySelector('body > table')!;
          const texts = [...card.querySelectorAll<HTMLElement>('p, li, h1, h2, h3, h4, a, span, pre, td')]
            .filter((element) => [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim() !== ''))
            .map((element) => ({ text: element.textContent.trim().slice(0, 40), size: Number.parseFloat(getComputedStyle(element).fontSize) }));
          // What sticks out, to name in a failure.
          const wide = [...document.querySelectorAll<HTMLElement>('*')].filter((element) => element.getBoundingClientRect().right > viewport).map((element) => `${element.tagName}:${element.getAttribute('style')?.slice(0, 60)}:${element.getBoundingClientRect().right}`).slice(0, 8);
          return { viewport, wide, scrollWidth: document.documentElement.scrollWidth, pictures, smallText: texts.filter((text) => text.size < 14), texts: texts.length };
        });
        expect(layout.scrollWidth, `${name} at ${width} px: ${layout.wide.join(' | ')}`).toBeLessThanOrEqual(layout.viewport);
        expect(layout.texts).toBeGreaterThan(0);
        expect(layout.smallText, `${name} at ${width} px`).toEqual([]);
        for (const picture of layout.pictures) {
          expect(picture.loaded, picture.src).toBe(true);
          expect(picture.left).toBeGreaterThanOrEqual(0);
          expect(picture.right, `${picture.src} at ${width} px`).toBeLessThanOrEqual(Math.min(layout.viewport, picture.columnRight));
        }
        await screenshot(page, `${SHOTS}/${name}-${width}.png`, { fullPage: true });
      }
      await context.close();
    });
  }
});
