import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createPageCache, preferredEncoding, type PageToStore } from './page-cache.ts';

const page = (siteId: string, html: string, extra: Partial<PageToStore> = {}): PageToStore => ({
  siteId,
  viewPath: '/',
  html,
  headers: { 'content-type': 'text/html; charset=utf-8', 'x-request-id': 'one-answer-only', vary: 'Cookie' },
  ...extra,
});

function clockAt(start: number) {
  let now = start;
  return { clock: () => new Date(now), advance: (ms: number) => (now += ms) };
}

describe('the page cache', () => {
  it('keeps br, gzip and plain bodies of one page, each with its own ETag, and none of the answer’s own headers', async () => {
    const cache = createPageCache({ clock: () => new Date() });
    const html = `<!doctype html><p>${'the tide, '.repeat(200)}</p>`;
    const entry = await cache.store('/@harbour', cache.version(), page('site-a', html));
    expect(brotliDecompressSync(entry.variants.br.body).toString()).toBe(html);
    expect(gunzipSync(entry.variants.gzip.body).toString()).toBe(html);
    expect(entry.variants.identity.body.toString()).toBe(html);
    expect(new Set(Object.values(entry.variants).map((variant) => variant.etag)).size).toBe(3);
    expect(entry.variants.br.headers).toContain('br');
    expect(entry.variants.br.headers).not.toContain('one-answer-only');
    expect(entry.variants.br.headers).toContain('Accept-Encoding, Cookie');
    expect(cache.get('/@harbour')).toBe(entry);
  });

  it('does not keep a page rendered from reads that began before its site changed', async () => {
    const cache = createPageCache({ clock: () => new Date() });
    const before = cache.version();
    cache.invalidate('site-a');
    await cache.store('/@harbour', before, page('site-a', '<p>old</p>'));
    expect(cache.get('/@harbour')).toBeUndefined();
  });

  it('drops one site’s pages on its change, every page on an unknown one', async () => {
    const cache = createPageCache({ clock: () => new Date() });
    await cache.store('/@a', cache.version(), page('site-a', '<p>a</p>'));
    await cache.store('/@a/posts/x', cache.version(), page('site-a', '<p>ax</p>'));
    await cache.store('/@b', cache.version(), page('site-b', '<p>b</p>'));
    cache.invalidate('site-a');
    expect([cache.get('/@a'), cache.get('/@a/posts/x')]).toEqual([undefined, undefined]);
    expect(cache.get('/@b')).toBeDefined();
    cache.invalidate(undefined);
    expect(cache.get('/@b')).toBeUndefined();
    expect(cache.stats()).toEqual({ entries: 0, bytes: 0 });
  });

  it('forgets a page after its TTL, or at the moment it changes by the clock', async () => {
    const time = clockAt(Date.UTC(2026, 10, 24));
    const cache = createPageCache({ clock: time.clock, ttlMs: 60_000 });
    await cache.store('/@a', cache.version(), page('site-a', '<p>a</p>'));
    await cache.store('/@b', cache.version(), page('site-b', '<p>b</p>', { changesAt: new Date(time.clock().getTime() + 5_000) }));
    time.advance(5_000);
    expect(cache.get('/@b')).toBeUndefined();
    expect(cache.get('/@a')).toBeDefined();
    time.advance(55_000);
    expect(cache.get('/@a')).toBeUndefined();
  });

  it('stays within its byte budget by dropping the least recently read', async () => {
    const probe = createPageCache({ clock: () => new Date() });
    const size = (await probe.store('/@a', probe.version(), page('s', '<p>a</p>'))).bytes;
    const cache = createPageCache({ clock: () => new Date(), maxBytes: size * 2 + 1 });
    await cache.store('/@a', cache.version(), page('s', '<p>a</p>'));
    await cache.store('/@b', cache.version(), page('s', '<p>b</p>'));
    cache.get('/@a');
    await cache.store('/@c', cache.version(), page('s', '<p>c</p>'));
    expect(cache.get('/@b')).toBeUndefined();
    expect(cache.get('/@a')).toBeDefined();
    expect(cache.get('/@c')).toBeDefined();
    expect(cache.stats().bytes).toBeLessThanOrEqual(size * 2 + 1);
  });
});

describe('preferredEncoding', () => {
  it('takes br, then gzip, else the plain body, and honours q=0', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(preferredEncoding('deflate')).toBe('identity');
    expect(preferredEncoding('*')).toBe('gzip');
    expect(preferredEncoding(undefined)).toBe('identity');
    expect(preferredEncoding('br;q=0, gzip;q=0')).toBe('identity');
  });
});
