/**
 * WordPress's auto-paragraphs on classic-editor text: blank lines make
 * paragraphs, single newlines breaks, block elements stand alone, and text
 * inside a figure or list item or a `<pre>` keeps its shape.
 */
import { describe, expect, it } from 'vitest';
import { autop } from './autop.ts';

describe('autop', () => {
  it('wraps blank-line-separated text in paragraphs and turns single newlines into breaks', () => {
    expect(autop('First paragraph\r\nwith a break.\n\nSecond <strong>bold</strong>.')).toBe('<p>First paragraph<br>\nwith a break.</p>\n<p>Second <strong>bold</strong>.</p>');
  });

  it('leaves block elements standing and wraps the text between them', () => {
    expect(autop('<ul>\n<li>a</li>\n<li>b</li>\n</ul>\nAfter list')).toBe('<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n<p>After list</p>');
    expect(autop('<p>already</p>\n\n<h2>Head</h2>\ntext<hr />tail')).toBe('<p>already</p>\n<h2>Head</h2>\n<p>text</p>\n<hr />\n<p>tail</p>');
    expect(autop('<div>para1\n\npara2</div>')).toBe('<div><p>para1</p>\n<p>para2</p></div>');
  });

  it('keeps a figure and preformatted text as they are', () => {
    expect(autop('<figure><img src="a.png" /><figcaption>Words</figcaption></figure>')).toBe('<figure><img src="a.png" />\n<figcaption>Words</figcaption>\n</figure>');
    expect(autop('Before\n<pre>code\n\nmore</pre>\nafter')).toBe('<p>Before</p>\n<pre>code\n\nmore</pre>\n<p>after</p>');
  });
});
