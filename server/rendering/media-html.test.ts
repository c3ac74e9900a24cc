import { describe, expect, it } from 'vitest';
import { embedAltOf, embeddedMediaIds, expandMediaEmbeds, formatBytes } from './media-html.ts';
import type { MediaRow } from './site-rows.ts';

const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const item = (n: number, kind: MediaRow['kind'], derived: MediaRow['derived'] = {}): MediaRow => ({ id: id(n), kind, originalName: `file-${n}.bin`, type: 'x/y', bytes: 2048, derived, alt: '' });
const figure = (n: number, kind: string, caption = '') => `<figure data-media-id="${id(n)}" data-media-kind="${kind}">${caption}</figure>`;
const prefix = (mediaId: string) => `/media/${mediaId}/T`;

describe('expandMediaEmbeds', () => {
  const media = new Map([
    [id(1), item(1, 'video', { width: 1280, height: 720, hls: { playlist: 'hls/master.m3u8', heights: [360, 720] }, poster: 'poster.webp' })],
    [id(2), item(2, 'audio', { audio: 'audio.m4a' })],
    [id(3), item(3, 'file')],
  ]);

  it('expands video, audio and file embeds, keeping their captions', () => {
    const html = expandMediaEmbeds(`${figure(1, 'video', '<figcaption>Dawn</figcaption>')}${figure(2, 'audio')}${figure(3, 'file')}`, media, prefix);
    expect(html).toContain(`<video controls playsinline preload="none" poster="/media/${id(1)}/T/poster.webp" width="1280" height="720" data-hls="/media/${id(1)}/T/hls/master.m3u8"`);
    expect(html).toContain('type="application/vnd.apple.mpegurl"');
    expect(html).toContain('<figcaption>Dawn</figcaption></figure>');
    expect(html).toContain(`<audio controls preload="metadata" src="/media/${id(2)}/T/audio.m4a"`);
    expect(html).toContain(`<a class="download" href="/media/${id(3)}/T/original" download="file-3.bin">Download file-3.bin <span class="download__size">(2.0 KB)</span></a>`);
  });

  it('drops an embed whose media is not to be shown, and leaves other figures alone', () => {
    const html = expandMediaEmbeds(`<p>a</p>${figure(9, 'image', '<figcaption>secret caption</figcaption>')}<figure><blockquote>q</blockquote></figure>`, media, prefix);
    expect(html).toBe('<p>a</p><figure><blockquote>q</blockquote></figure>');
  });

  it("gives a picture the post's alt, else the library's, else an empty one, never the file's name", () => {
    const pictures = new Map([
      [id(4), item(4, 'image', { width: 800, height: 600 })],
      [id(5), { ...item(5, 'image'), alt: 'Library words' }],
    ]);
    const withAlt = `<figure data-media-id="${id(4)}" data-media-kind="image" data-media-alt="Gulls &quot;over&quot; &lt;the&gt; pier &amp; sea &#39;t"></figure>`;
    expect(expandMediaEmbeds(withAlt, pictures, prefix)).toContain(`alt="Gulls &quot;over&quot; &lt;the&gt; pier &amp; sea &#39;t"`);
    expect(expandMediaEmbeds(`<figure data-media-id="${id(5)}" data-media-kind="image" data-media-alt="Post words"></figure>`, pictures, prefix)).toContain('alt="Post words"');
    expect(expandMediaEmbeds(figure(5, 'image'), pictures, prefix)).toContain('alt="Library words"');
    const bare = expandMediaEmbeds(figure(4, 'image'), pictures, prefix);
    expect(bare).toContain('alt=""');
    expect(bare).not.toContain('file-4');
  });

  it('reads an embed\'s alt back as the words the creator typed', () => {
    expect(embedAltOf(' data-media-alt="a &amp; b &lt;i&gt; &quot;c&quot; &#x263A; &#233; &bogus;"')).toBe('a & b <i> "c" ☺ é &bogus;');
    expect(embedAltOf(' data-media-id="x"')).toBe('');
  });

  it('lists the embedded ids', () => {
    expect(embeddedMediaIds(`${figure(1, 'video')}<p>x</p>${figure(3, 'file')}`)).toEqual([id(1), id(3)]);
  });
});

describe('formatBytes', () => {
  it('speaks in the unit a reader expects', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5.0 MB');
    expect(formatBytes(300 * 1024 * 1024)).toBe('300 MB');
  });
});
