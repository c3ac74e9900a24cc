import { describe, expect, it } from 'vitest';
import { HYDRATE_AFTER_PAINT_SCRIPT, hydrateAfterPaint } from './hydrate-after-paint.ts';

const PAGE = [
  '<html><head>',
  '<script type="module" crossorigin src="/assets/index-A1.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/lib-B2.js">',
  '<link rel="stylesheet" crossorigin href="/assets/index-C3.css">',
  '<link rel="modulepreload" href="/assets/LoginPage-D4.js">',
  '</head><body><div id="root"><h1>Welcome back</h1></div></body></html>',
].join('\n');

describe('hydrateAfterPaint', () => {
  it('hands the entry and every preloaded chunk to the loader at the end of the body, and keeps the stylesheets', () => {
    const html = hydrateAfterPaint(PAGE);
    expect(html).not.toMatch(/<script type="module"|<link rel="modulepreload"/);
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-C3.css">');
    expect(html).toContain(`<script data-modules="/assets/index-A1.js /assets/lib-B2.js /assets/LoginPage-D4.js">${HYDRATE_AFTER_PAINT_SCRIPT}</script></body>`);
  });

  it('names a chunk hinted twice once', () => {
    const html = hydrateAfterPaint(PAGE.replace('</head>', '<link rel="modulepreload" href="/assets/lib-B2.js"></head>'));
    expect(html).toContain('data-modules="/assets/index-A1.js /assets/lib-B2.js /assets/LoginPage-D4.js"');
  });

  it('leaves a page without exactly one module script as it is', () => {
    const handMade = '<html><head><script src="/app.js"></script></head><body><div id="root"></div></body></html>';
    expect(hydrateAfterPaint(handMade)).toBe(handMade);
  });
});
