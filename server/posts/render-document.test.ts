import { describe, expect, it } from 'vitest';
import type { MediaKind } from '../../common/media.ts';
import type { EditorDocument } from '../../common/posts.ts';
import { importHtml } from './import-html.ts';
import { renderDocument, safeHref } from './render-document.ts';
import { sanitizeStoredHtml } from './sanitize.ts';

const IMAGE_ID = '0b5e8f0e-8a0c-4c47-9a3e-1f2d3c4b5a69';
const FOREIGN_ID = '7d1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b';

function render(document: EditorDocument, gated = false) {
  const mediaKinds = new Map<string, MediaKind>([[IMAGE_ID, 'image']]);
  return renderDocument(document, { mediaKinds, gated }, sanitizeStoredHtml);
}

const text = (value: string, marks?: { type: string; attrs?: Record<string, unknown> }[]) => ({ type: 'text', text: value, ...(marks ? { marks } : {}) });

describe('renderDocument', () => {
  it('renders the allowed nodes and marks', () => {
    const { previewHtml, gatedHtml } = render({
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 2 }, content: [text('Hello')] },
        { type: 'paragraph', content: [text('bold', [{ type: 'bold' }]), { type: 'hardBreak' }, text('link', [{ type: 'link', attrs: { href: 'https://example.com/a?b=1&c=2' } }])] },
        { type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [text('one')] }] }] },
        { type: 'orderedList', attrs: { start: 3 }, content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [text('three')] }] }] },
        { type: 'blockquote', content: [{ type: 'paragraph', content: [text('quoted')] }] },
        { type: 'codeBlock', attrs: { language: 'ts' }, content: [text('const a = 1 < 2;')] },
        { type: 'horizontalRule' },
        { type: 'media', attrs: { id: IMAGE_ID, kind: 'video', caption: 'A <b>cat</b>' } },
      ],
    });
    expect(previewHtml).toBe(
      '<h2>Hello</h2><p><strong>bold</strong><br /><a href="https://example.com/a?b=1&amp;c=2" rel="noopener nofollow ugc">link</a></p>' +
        '<ul><li><p>one</p></li></ul><ol start="3"><li><p>three</p></li></ol><blockquote><p>quoted</p></blockquote>' +
        '<pre><code class="language-ts">const a = 1 &lt; 2;</code></pre><hr />' +
        `<figure data-media-id="${IMAGE_ID}" data-media-kind="image"><figcaption>A &lt;b&gt;cat&lt;/b&gt;</figcaption></figure>`,
    );
    expect(gatedHtml).toBe('');
  });

  it('drops unknown nodes, unsafe links, foreign media and stray attributes', () => {
    const { previewHtml, document } = render({
      type: 'doc',
      content: [
        { type: 'paragraph', attrs: { onclick: 'alert(1)', class: 'x' }, content: [text('a', [{ type: 'link', attrs: { href: 'java\tscript:alert(1)' } }])] },
        { type: 'iframe', attrs: { src: 'https://evil.test' } },
        { type: 'media', attrs: { id: FOREIGN_ID } },
        { type: 'heading', attrs: { level: 1 }, content: [text('<script>alert(1)</script>')] },
      ],
    });
    expect(previewHtml).toBe('<p>a</p><h2>&lt;script&gt;alert(1)&lt;/script&gt;</h2>');
    expect(JSON.stringify(document)).not.toContain('onclick');
    expect(JSON.stringify(document)).not.toContain(FOREIGN_ID);
  });

  it("keeps a picture's alt text on its node and its embed, escaped, trimmed and cut to the library's limit", () => {
    const { previewHtml, document } = render({
      type: 'doc',
      content: [
        { type: 'media', attrs: { id: IMAGE_ID, kind: 'image', caption: '', alt: '  Gulls "over" <the> pier  ' } },
        { type: 'media', attrs: { id: IMAGE_ID, kind: 'image', alt: 'x'.repeat(1200) } },
        { type: 'media', attrs: { id: IMAGE_ID, kind: 'image', alt: 42 } },
      ],
    });
    expect(previewHtml).toContain(`<figure data-media-id="${IMAGE_ID}" data-media-kind="image" data-media-alt="Gulls &quot;over&quot; &lt;the&gt; pier"></figure>`);
    expect(document.content!.map((node) => String(node.attrs!.alt).length)).toEqual(['Gulls "over" <the> pier'.length, 1000, 0]);
    // No alt of its own: the embed carries none, and the library's alt speaks when the page is made.
    expect(previewHtml).toContain(`<figure data-media-id="${IMAGE_ID}" data-media-kind="image"></figure>`);
  });

  it('splits at the first top-level marker and keeps one marker', () => {
    const { previewHtml, gatedHtml, gatedMediaIds, document, marked } = render({
      type: 'doc',
      content: [
        { type: 'paragraph', content: [text('free')] },
        { type: 'membersOnly' },
        { type: 'media', attrs: { id: IMAGE_ID } },
        { type: 'membersOnly' },
        { type: 'paragraph', content: [text('paid')] },
      ],
    });
    expect(previewHtml).toBe('<p>free</p>');
    expect(gatedHtml).toContain('<p>paid</p>');
    expect(gatedMediaIds).toEqual([IMAGE_ID]);
    expect(document.content!.filter((node) => node.type === 'membersOnly')).toHaveLength(1);
    expect(marked).toBe(true);
  });

  it('says a document holds the marker only when it does at the top level (a marker in a quote is not one)', () => {
    const quoted = render({ type: 'doc', content: [{ type: 'blockquote', content: [{ type: 'membersOnly' }, { type: 'paragraph', content: [text('q')] }] }] });
    expect(quoted.marked).toBe(false);
    expect(quoted.gatedHtml).toBe('');
    expect(render({ type: 'doc', content: [{ type: 'paragraph', content: [text('plain')] }] }).marked).toBe(false);
  });

  it('gates everything of a gated post without a marker', () => {
    const { previewHtml, gatedHtml } = render({ type: 'doc', content: [{ type: 'paragraph', content: [text('all')] }] }, true);
    expect(previewHtml).toBe('');
    expect(gatedHtml).toBe('<p>all</p>');
  });
});

describe('safeHref', () => {
  it.each(['javascript:alert(1)', ' JAVASCRIPT:alert(1)', 'data:text/html,x', 'vbscript:x', '//evil.test', '/relative', 'file:///etc/passwd'])('refuses %j', (href) => {
    expect(safeHref(href)).toBeNull();
  });
  it.each(['https://example.com', 'http://example.com/x', 'mailto:a@example.com'])('keeps %j', (href) => {
    expect(safeHref(href)).not.toBeNull();
  });
});

describe('importHtml', () => {
  it('converts HTML to the document and the comment to the marker', () => {
    const document = importHtml(
      '<h1>Title</h1><p>Hi <b>there</b> <a href="https://x.test" onclick="x()">x</a></p><script>alert(1)</script><!--members-only--><ul><li>one</li></ul><img src=x onerror=alert(1)>',
    );
    expect(document.content).toEqual([
      { type: 'heading', attrs: { level: 2 }, content: [text('Title')] },
      { type: 'paragraph', content: [text('Hi '), text('there', [{ type: 'bold' }]), text(' '), text('x', [{ type: 'link', attrs: { href: 'https://x.test' } }])] },
      { type: 'membersOnly' },
      { type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [text('one')] }] }] },
    ]);
  });

  it('drops javascript: links but keeps their text', () => {
    const { previewHtml } = render(importHtml('<p><a href="javascript:alert(1)">click</a></p>'));
    expect(previewHtml).toBe('<p>click</p>');
  });
});
