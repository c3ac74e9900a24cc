import { describe, expect, it } from 'vitest';
import { BRAND_COLOR_PRESETS } from '../../content/sites.ts';
import { contrastWithWhite, whiteTextPasses } from './contrast.ts';

describe('contrast of white text on a brand colour', () => {
  it('matches the WCAG figures of known pairs', () => {
    expect(contrastWithWhite('#000000')).toBeCloseTo(21, 5);
    expect(contrastWithWhite('#ffffff')).toBeCloseTo(1, 5);
    // #767676 is the classic lightest grey that passes AA on white.
    expect(contrastWithWhite('#767676')).toBeCloseTo(4.54, 2);
  });

  it('passes dark colours and fails light ones', () => {
    expect(whiteTextPasses('#6d28d9')).toBe(true);
    expect(whiteTextPasses('#777777')).toBe(false);
    expect(whiteTextPasses('#facc15')).toBe(false);
  });

  it('offers only presets that pass', () => {
    for (const preset of BRAND_COLOR_PRESETS) expect(whiteTextPasses(preset.value), preset.name).toBe(true);
  });
});
