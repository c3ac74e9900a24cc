import { describe, expect, it } from 'vitest';
import type { MediaRow } from '../site-content/index.ts';
import { renderVariants } from './newsletter-content.ts';
import { mailBodyText, UNSUBSCRIBE_PLACEHOLDER, type NewsletterInput } from './newsletter-render.ts';

const IMAGE = '11111111-1111-4111-8111-111111111111';
const VIDEO = '22222222-2222-4222-8222-222222222222';
const AUDIO = '33333333-3333-4333-8333-333333333333';

const media = new Map<string, MediaRow>([
  [IMAGE, { id: IMAGE, kind: 'image', originalName: 'harbour.jpg', type: 'image/jpeg', bytes: 1, alt: 'The harbour', derived: { width: 1600, height: 900, images: [{ width: 640, height: 360, file: 'w640.webp' }, { width: 1280, height: 720, file: 'w1280.webp' }] } }],
  [VIDEO, { id: VIDEO, kind: 'video', originalName: 'tour.mp4', type: 'video/mp4', bytes: 1, alt: '', derived: { poster: 'poster.webp', hls: { playlist: 'hls/master.m3u8', heights: [720] } } }],
  [AUDIO, { id: AUDIO, kind: 'audio', originalName: 'episode.mp3', type: 'audio/mpeg', bytes: 1, alt: 'Episode one', derived: { audio: 'audio.m4a' } }],
]);

const embed = (id: string, kind: string) => `<figure data-media-id="${id}" data-media-kind="${kind}"></figure>`;

function input(): NewsletterInput {
  return {
    site: { title: 'Harbour <Sounds>', brandColor: '#0a7c66', logoUrl: 'https://app.example/media/logo/t/w96.webp', url: 'https://app.example/@harbour', joinUrl: 'https://app.example/@harbour/join' },
    post: {
      title: 'Tides & "storms"',
      excerpt: 'A stormy week',
      visibility: 'paid',
      url: 'https://app.example/@harbour/posts/tides',
      previewHtml: `<p>Open to <a href="https://example.org" rel="nofollow">all</a>.</p>${embed(IMAGE, 'image')}`,
      gatedHtml: `<h2>Paid part</h2>${embed(VIDEO, 'video')}${embed(AUDIO, 'audio')}`,
    },
    media,
    prefixOf: (id) => `https://app.example/media/${id}/signed`,
  };
}

describe('a post as e-mail', () => {
  it('renders each access variant once, the preview ones without the paid part or its media', () => {
    const variants = renderVariants(input());
    expect(Object.keys(variants).sort()).toEqual(['full', 'join', 'upgrade']);
    expect(variants.full!.html).toContain('Paid part');
    expect(variants.upgrade!.html).not.toContain('Paid part');
    expect(variants.upgrade!.html).not.toContain(VIDEO);
    expect(variants.upgrade!.html).toContain('Upgrade your membership of Harbour &lt;Sounds&gt;');
    expect(variants.join!.html).toContain('Join Harbour &lt;Sounds&gt; again');
    expect(variants.upgrade!.text).toContain('See the memberships: https://app.example/@harbour/join');
  });

  it('writes mail-client HTML: one table, inline styles, absolute images with sizes, video as its poster linking to the post, audio as a link', () => {
    const { html, text } = renderVariants(input()).full!;
    expect(html).not.toMatch(/<style|<script|<video|<audio|class=/);
    expect(html).toContain(`<img src="https://app.example/media/${IMAGE}/signed/w1280.webp" width="552" height="311"`);
    expect(html).toMatch(new RegExp(`<a href="https://app.example/@harbour/posts/tides"[^>]*><img src="https://app.example/media/${VIDEO}/signed/poster.webp"`));
    expect(html).toContain('▶ Listen: Episode one');
    expect(html).toContain('style="margin:28px 0 12px;font-size:24px');
    expect(html).toContain('bgcolor="#0a7c66"');
    expect(html).toContain(`href="${UNSUBSCRIBE_PLACEHOLDER}"`);
    expect(text).toContain('Open to all (https://example.org).');
    expect(text).toContain(`Unsubscribe: ${UNSUBSCRIBE_PLACEHOLDER}`);
  });

  it("gives a picture the post's alt, else the library's, else an empty one, never the file's name", () => {
    const withPictures = (previewHtml: string, alt = 'The harbour') => {
      const mediaWithAlt = new Map(media).set(IMAGE, { ...media.get(IMAGE)!, alt });
      return renderVariants({ ...input(), media: mediaWithAlt, post: { ...input().post, visibility: 'public', previewHtml, gatedHtml: '' } }).full!.html;
    };
    const posts = `<figure data-media-id="${IMAGE}" data-media-kind="image" data-media-alt="Boats &quot;at&quot; rest &amp; gulls"></figure>`;
    expect(withPictures(posts)).toContain('alt="Boats &quot;at&quot; rest &amp; gulls"');
    expect(withPictures(embed(IMAGE, 'image'))).toContain('alt="The harbour"');
    const bare = withPictures(embed(IMAGE, 'image'), '');
    expect(bare).toContain('alt=""');
    expect(bare).not.toContain('harbour.jpg');
  });

  it('renders a public post once, whole', () => {
    const variants = renderVariants({ ...input(), post: { ...input().post, visibility: 'public' } });
    expect(Object.keys(variants)).toEqual(['full']);
  });

  it('turns HTML into readable text', () => {
    expect(mailBodyText('<p>One &amp; two</p><ul><li>a</li><li>b</li></ul><p>x<br>y</p>')).toBe('One & two\n\n- a\n- b\n\nx\ny');
  });
});
