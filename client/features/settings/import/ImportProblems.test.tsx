import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ImportProblems } from './ImportProblems.tsx';

const problems = (count: number) => Array.from({ length: count }, (_, index) => ({ where: `posts.csv line ${index + 2}`, message: 'A post with no body.' }));

describe('ImportProblems', () => {
  it('lists the first hundred and counts the rest', () => {
    const html = renderToStaticMarkup(<ImportProblems title="Problems found" problems={problems(105)} />);
    expect(html.match(/<li>/g)).toHaveLength(100);
    expect(html).toContain('posts.csv line 101');
    expect(html).not.toContain('posts.csv line 102<');
    expect(html).toContain('and 5 more problems');
    expect(html).toContain('Problems found (105)');
  });

  it('lists them all when there are few, and nothing when there are none', () => {
    const html = renderToStaticMarkup(<ImportProblems title="Problems found" problems={problems(2)} />);
    expect(html.match(/<li>/g)).toHaveLength(2);
    expect(html).not.toContain('more problem');
    expect(renderToStaticMarkup(<ImportProblems title="Problems found" problems={[]} />)).toBe('');
  });
});
