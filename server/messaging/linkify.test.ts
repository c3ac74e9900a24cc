import { describe, expect, it } from 'vitest';
import { linkify } from './linkify.ts';

describe('linkify', () => {
  it('escapes markup first, so nothing a reader types runs', () => {
    expect(linkify('<script>alert(1)</script> & <img src=x onerror=alert(1)>')).toBe('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;img src=x onerror=alert(1)&gt;');
  });

  it('makes http and https addresses links with rel="ugc nofollow", leaving the sentence\'s punctuation outside', () => {
    expect(linkify('See https://example.com/a?b=1&c=2. Or http://x.test!')).toBe(
      'See <a href="https://example.com/a?b=1&amp;c=2" rel="ugc nofollow">https://example.com/a?b=1&amp;c=2</a>. Or <a href="http://x.test" rel="ugc nofollow">http://x.test</a>!',
    );
  });

  it('ends an address at a quote or an angle bracket, so it cannot break out of the attribute', () => {
    expect(linkify('"https://a.test/x"onmouseover="alert(1)" <https://b.test>')).toBe(
      '&quot;<a href="https://a.test/x" rel="ugc nofollow">https://a.test/x</a>&quot;onmouseover=&quot;alert(1)&quot; &lt;<a href="https://b.test" rel="ugc nofollow">https://b.test</a>&gt;',
    );
  });

  it('leaves javascript: and other schemes as text', () => {
    expect(linkify('javascript:alert(1) data:text/html,hi')).toBe('javascript:alert(1) data:text/html,hi');
  });
});
