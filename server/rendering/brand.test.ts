import { describe, expect, it } from 'vitest';
import { brandStyle, contrastRatio } from './brand.ts';

describe('brandStyle', () => {
  it('puts white text on a dark brand and keeps the brand for links', () => {
    expect(brandStyle('#6d28d9')).toBe(':root{--brand:#6d28d9;--on-brand:#ffffff;--brand-text:#6d28d9}');
  });

  it('puts ink on a pale brand, whose links fall back to ink', () => {
    expect(brandStyle('#ffe066')).toBe(':root{--brand:#ffe066;--on-brand:#14122b;--brand-text:#14122b}');
  });

  it('never writes a value that is not a colour into the style element', () => {
    expect(brandStyle('red}</style><script>')).toContain('--brand:#6d28d9');
  });

  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
  });
});
