import { describe, expect, it } from 'vitest';
import { normaliseLink } from './links.ts';

describe('normaliseLink', () => {
  it.each([
    ['example.com/docs', 'https://example.com/docs'],
    ['http://example.com', 'http://example.com/'],
    [' https://example.com/a?b=1 ', 'https://example.com/a?b=1'],
    ['mailto:ada@example.com', 'mailto:ada@example.com'],
  ])('accepts %j as %j', (input, url) => {
    expect(normaliseLink(input)).toBe(url);
  });

  it.each(['', 'javascript:alert(1)', 'data:text/html,x', 'ftp://example.com', 'not a link', 'localhost'])('refuses %j', (input) => {
    expect(normaliseLink(input)).toBeNull();
  });
});
