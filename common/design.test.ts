import { describe, expect, it } from 'vitest';
import { checkContrast, contrastRatio } from './contrast.ts';
import { defaultDesign, designProblem, isSafeUrl } from './design.ts';

describe('the design schema', () => {
  it('accepts today’s layout and names the path of a problem', () => {
    expect(designProblem(defaultDesign())).toBeUndefined();
    expect(designProblem({ ...defaultDesign(), theme: 'neon' })?.path).toBe('theme');
    expect(designProblem({ ...defaultDesign(), extra: 1 })?.path).toBe('');
  });

  it('takes http(s), mailto and paths on this origin only', () => {
    for (const url of ['https://example.com', 'http://a.b/c?d', 'mailto:me@example.com', '/@me/posts/x']) expect(isSafeUrl(url), url).toBe(true);
    for (const url of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,x', '//evil.example', '/\\evil.example', 'vbscript:x', 'ftp://x', ' https://x', 'https://']) {
      expect(isSafeUrl(url), url).toBe(false);
    }
  });
});

describe('contrast', () => {
  it('passes a dark colour on white as it is and offers the nearest passing shade of a pale one', () => {
    expect(checkContrast('#1d4ed8', '#ffffff')).toMatchObject({ passes: true, nearest: '#1d4ed8' });
    const pale = checkContrast('#ffd84d', '#ffffff');
    expect(pale.passes).toBe(false);
    expect(contrastRatio(pale.nearest, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    const onDark = checkContrast('#3b0764', '#0b0b0f');
    expect(contrastRatio(onDark.nearest, '#0b0b0f')).toBeGreaterThanOrEqual(4.5);
  });
});
