/**
 * Markup and script in every field of a post (issue 9 "Faults"): title,
 * excerpt and slug, body text, link hrefs, node attributes, imported HTML.
 * Text is stored as sent and answered as data; the slug refuses it; the
 * rendered HTML holds only the allow-listed tags and attributes, with
 * http(s)/mailto links only, whatever the document or the HTML. Generated
 * documents come from fast-check with a fixed seed; no answer may be a 5xx.
 */
import fc from 'fast-check';
import { parseDocument, ElementType } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostAnswer } from '../../../common/api/posts.ts';
import { expectCodedRefusal, expectHealthy, printSummary } from '../../support/fault-checks.ts';
import { creatorWithSite, type Creator } from '../../support/creator-site.ts';
import { insertMedia } from '../../support/site-fixtures.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

const SEED = 20_261_123;

const PAYLOADS = [
  '<script>window.__pwned=1</script>',
  '<img src=x onerror="window.__pwned=1">',
  '<svg onload=alert(1)>',
  '"><iframe src=javascript:alert(1)>',
  "javascript:alert('x')",
  '<a href="javascript:alert(1)">x</a>',
  '<style>body{display:none}</style>',
  '&lt;b&gt; &amp; &#60;script&#62;',
  '{{constructor.constructor("alert(1)")()}}',
  "'; drop table posts; --",
  '<!--members-only-->',
];

const HOSTILE_HREFS = ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'java\nscript:alert(1)', ' javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:msgbox(1)', '//evil.test/x', 'file:///etc/passwd', '&#106;avascript:alert(1)'];

/** What the stored HTML may hold (server/posts/sanitize.ts), checked by parsing it. */
const ALLOWED_ATTRIBUTES: Record<string, readonly string[]> = {
  p: [], h2: [], h3: [], h4: [], ul: [], ol: ['start'], li: [], blockquote: [], pre: [], code: ['class'], br: [], hr: [],
  strong: [], em: [], s: [], u: [], a: ['href', 'rel'], figure: ['data-media-id', 'data-media-kind', 'data-media-alt'], figcaption: [],
};

let server: TestServer;
let creator: Creator;
const counts = { 'cases generated': 0, 'posts stored': 0, 'refused as invalid': 0, 'unsafe HTML seen': 0, '500s seen': 0 };

beforeAll(async () => {
  server = await startTestServer();
  creator = await creatorWithSite(server);
});
afterAll(async () => {
  printSummary('post-markup', counts);
  await server?.stop();
  expect(counts['500s seen']).toBe(0);
  expect(counts['unsafe HTML seen']).toBe(0);
});

/** Every problem of the HTML: a tag or attribute outside the allow-list, or a link that is not http(s)/mailto. */
function unsafeParts(html: string): string[] {
  const problems: string[] = [];
  const stack = [...parseDocument(html).children];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === ElementType.Comment || node.type === ElementType.Directive || node.type === ElementType.CDATA) problems.push(`node ${node.type}`);
    if (node.type === ElementType.Script || node.type === ElementType.Style) problems.push(`<${node.name}>`);
    if (node.type !== ElementType.Tag) continue;
    const allowed = ALLOWED_ATTRIBUTES[node.name];
    if (!allowed) problems.push(`<${node.name}>`);
    for (const [name, value] of Object.entries(node.attribs)) {
      if (!allowed?.includes(name)) problems.push(`${node.name}[${name}]`);
      if (name === 'href' && !/^(https?|mailto):/i.test(value)) problems.push(`href ${value}`);
    }
    stack.push(...node.children);
  }
  return problems;
}

function expectInert(post: PostAnswer['post'], context: string) {
  const problems = [...unsafeParts(post.previewHtml), ...unsafeParts(post.gatedHtml)];
  if (problems.length > 0) counts['unsafe HTML seen'] += 1;
  expect(problems, `${context}\n${post.previewHtml}\n${post.gatedHtml}`).toEqual([]);
}

async function write(body: unknown) {
  counts['cases generated'] += 1;
  const answer = await creator.client.post<PostAnswer>('/api/posts', body);
  if (answer.status >= 500) counts['500s seen'] += 1;
  if (answer.status === 201) {
    counts['posts stored'] += 1;
    expectInert(answer.body.post, JSON.stringify(body).slice(0, 500));
  } else {
    counts['refused as invalid'] += 1;
    expectCodedRefusal(answer, JSON.stringify(body).slice(0, 500));
  }
  return answer;
}

const textNode = (text: string, marks?: unknown[]) => ({ type: 'text', text, ...(marks ? { marks } : {}) });

describe('markup in the text fields', () => {
  it.each(PAYLOADS)('is kept verbatim as title and excerpt, escaped in the body: %s', async (payload) => {
    const answer = await write({ title: payload, excerpt: payload, body: { type: 'doc', content: [{ type: 'paragraph', content: [textNode(payload)] }] } });
    expect(answer.status).toBe(201);
    expect(answer.body.post).toMatchObject({ title: payload, excerpt: payload });
    const read = await creator.client.get<PostAnswer>(`/api/posts/${answer.body.post.id}`);
    expect(read.body.post.title).toBe(payload);
    expect(read.body.post.body.content?.[0]?.content?.[0]?.text).toBe(payload);
    // The text comes back as text: no tag of it is a tag.
    expect(parseDocument(answer.body.post.previewHtml).children).toHaveLength(1);
  });

  it.each(PAYLOADS)('is refused as a slug: %s', async (payload) => {
    const answer = await write({ title: 'x', slug: payload, body: { type: 'doc', content: [] } });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: { code: 'invalid-slug', field: 'slug' } });
  });

  it('makes a slug of plain words from a title full of markup', async () => {
    const answer = await write({ title: '<script>alert("x")</script> & <b>bold</b>', body: { type: 'doc', content: [] } });
    expect(answer.body.post.slug).toBe('script-alert-x-script-and-b-bold-b');
  });
});

describe('hostile links and attributes in the document', () => {
  it.each(HOSTILE_HREFS)('drops the link %j and keeps its text', async (href) => {
    const answer = await write({ title: 'x', body: { type: 'doc', content: [{ type: 'paragraph', content: [textNode('click', [{ type: 'link', attrs: { href, target: '_self', onclick: 'x()' } }])] }] } });
    expect(answer.body.post.previewHtml).toBe('<p>click</p>');
  });

  it('drops handler and style attributes, unknown nodes and their attributes', async () => {
    const answer = await write({
      title: 'x',
      body: {
        type: 'doc',
        content: [
          { type: 'paragraph', attrs: { onerror: 'alert(1)', style: 'color:red', class: 'x' }, content: [textNode('a')] },
          { type: 'image', attrs: { src: 'javascript:alert(1)', onerror: 'alert(1)' } },
          { type: 'heading', attrs: { level: '2" onmouseover="alert(1)' }, content: [textNode('b')] },
          { type: 'codeBlock', attrs: { language: '"><script>alert(1)</script>' }, content: [textNode('c')] },
          { type: 'media', attrs: { id: '"><script>alert(1)</script>', kind: 'image' } },
        ],
      },
    });
    expect(answer.body.post.previewHtml).toBe('<p>a</p><h2>b</h2><pre><code>c</code></pre>');
  });

  it.each(PAYLOADS)("keeps the alt text %j of a picture as the words typed, inert in the stored HTML", async (payload) => {
    const picture = await insertMedia(server.handle.db, creator.siteId, 'image');
    const answer = await write({ title: 'x', body: { type: 'doc', content: [{ type: 'media', attrs: { id: picture.id, kind: 'image', alt: payload, onerror: 'alert(1)' } }] } });
    expect(answer.status).toBe(201);
    expect(answer.body.post.body.content![0]!.attrs).toEqual({ id: picture.id, kind: 'image', caption: '', alt: payload.trim() });
    const figure = parseDocument(answer.body.post.previewHtml).children[0] as { attribs: Record<string, string> };
    expect(figure.attribs['data-media-alt']).toBe(payload.trim());
  });
});

describe('imported HTML', () => {
  it('keeps no script, handler, frame, form or foreign URL', async () => {
    const html = `<p onclick="alert(1)">Hello</p><script>alert(1)</script><img src=x onerror=alert(1)><iframe src="https://evil.test"></iframe>
      <form action="https://evil.test"><input name=x></form><a href="javascript:alert(1)">js</a><a href="https://ok.test" target="_blank">ok</a>
      <svg><script>alert(1)</script></svg><math><mi xlink:href="javascript:alert(1)">x</mi></math><style>*{}</style><object data="x"></object>
      <p style="background:url(javascript:alert(1))">styled</p><!--members-only--><div><script>alert(2)</script><p>members</p></div>`;
    const answer = await write({ title: 'Import', html });
    expect(answer.status).toBe(201);
    expect(answer.body.post.previewHtml).not.toMatch(/alert|evil|script/i);
    expect(answer.body.post.previewHtml).toContain('<a href="https://ok.test/" rel="noopener nofollow ugc">ok</a>');
    expect(answer.body.post.gatedHtml).toBe('<p>members</p>');
  });
});

describe('generated documents', () => {
  const payload = fc.oneof(fc.constantFrom(...PAYLOADS, ...HOSTILE_HREFS), fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 20 }));
  const attrs = fc.dictionary(fc.constantFrom('href', 'src', 'level', 'start', 'language', 'id', 'kind', 'caption', 'onerror', 'onclick', 'style', 'class', '__proto__'), fc.oneof(payload, fc.integer(), fc.constant(null)), { maxKeys: 4 });
  const mark = fc.record({ type: fc.constantFrom('bold', 'italic', 'strike', 'code', 'underline', 'link', 'script', 'textStyle'), attrs }, { requiredKeys: ['type'] });
  const nodeType = fc.constantFrom('paragraph', 'heading', 'bulletList', 'orderedList', 'listItem', 'blockquote', 'codeBlock', 'hardBreak', 'horizontalRule', 'text', 'media', 'membersOnly', 'image', 'iframe', 'script');
  const { node } = fc.letrec<{ node: unknown }>((tie) => ({
    node: fc.record(
      { type: nodeType, attrs, text: payload, marks: fc.array(mark, { maxLength: 3 }), content: fc.array(tie('node'), { maxLength: 4 }) },
      { requiredKeys: ['type'] },
    ),
  }));
  const document = fc.record({ type: fc.constant('doc'), content: fc.array(node, { maxLength: 6 }) });

  it('never yields unsafe HTML or a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(document, fc.constantFrom('public', 'members'), async (body, visibility) => {
        await write({ title: 'Generated', visibility, body });
      }),
      { seed: SEED, numRuns: 150, endOnFailure: true },
    );
    await expectHealthy(server);
  });

  it('never yields unsafe HTML from generated HTML', async () => {
    const tag = fc.constantFrom('p', 'a', 'script', 'img', 'iframe', 'svg', 'b', 'ul', 'li', 'h1', 'div', 'style', 'pre', 'blockquote', 'object', 'form');
    const attribute = fc.tuple(fc.constantFrom('href', 'src', 'onerror', 'onload', 'style', 'class', 'start', 'xlink:href'), payload).map(([name, value]) => ` ${name}="${value.replaceAll('"', '&quot;')}"`);
    const { element } = fc.letrec<{ element: string }>((tie) => ({
      element: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        payload,
        fc.tuple(tag, fc.array(attribute, { maxLength: 2 }), fc.array(tie('element'), { maxLength: 3 })).map(([name, attributes, children]) => `<${name}${attributes.join('')}>${children.join('')}</${name}>`),
      ),
    }));
    await fc.assert(
      fc.asyncProperty(fc.array(element, { maxLength: 5 }), fc.constantFrom('', '<!--members-only-->'), async (parts, separator) => {
        await write({ title: 'Generated import', html: parts.join(separator) });
      }),
      { seed: SEED, numRuns: 150, endOnFailure: true },
    );
    await expectHealthy(server);
  });
});
