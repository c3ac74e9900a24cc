import { describe, expect, it } from 'vitest';
import { framedUrl } from './preview-url.ts';

describe('framedUrl', () => {
  it('asks for the preview as a visitor, keeping the page path', () => {
    expect(framedUrl('/@harbour', 'visitor')).toBe('/@harbour?preview=1&visitor=1');
    expect(framedUrl('/@harbour/posts/a-draft?preview=1', 'visitor')).toBe('/@harbour/posts/a-draft?preview=1&visitor=1');
  });

  it("drops the visitor flag for the creator's own view", () => {
    expect(framedUrl('/@harbour/posts/a-draft?preview=1&visitor=1', 'owner')).toBe('/@harbour/posts/a-draft?preview=1');
  });
});
