import { describe, expect, it } from 'vitest';
import { jsonInScript, plainText, text } from './html.ts';

describe('text', () => {
  it('escapes every character that could open markup or close an attribute', () => {
    expect(text(`<script>alert("x")</script> & 'y'`)).toBe('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;');
  });
});

describe('jsonInScript', () => {
  it('cannot close its script element', () => {
    const json = jsonInScript({ name: '</script><script>alert(1)</script>' });
    expect(json).not.toContain('</script');
    expect(JSON.parse(json)).toEqual({ name: '</script><script>alert(1)</script>' });
  });
});

describe('plainText', () => {
  it('drops tags, folds space and cuts long text with an ellipsis', () => {
    expect(plainText('<p>Hello <strong>you</strong></p>\n<p>there &amp; back</p>', 100)).toBe('Hello you there & back');
    expect(plainText('<p>abcdefghij</p>', 5)).toBe('abcd…');
  });
});
