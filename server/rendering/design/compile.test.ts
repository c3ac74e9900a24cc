import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../../../common/contrast.ts';
import { defaultDesign } from '../../../common/design.ts';
import { compileDesign } from './compile.ts';

function variables(css: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const [, name, value] of css.matchAll(/--([a-z-]+):(#[0-9a-f]{6})/g)) found[name!] = value!;
  return found;
}

describe('a compiled design', () => {
  it('keeps link text and button text readable whatever colour was picked, on every theme', () => {
    for (const accent of ['#808080', '#ffd84d', '#0b0b0f', '#6d28d9', '#ff5a36']) {
      for (const [theme, mode, background] of [['classic', 'light', '#ffffff'], ['studio', 'dark', '#111318'], ['editorial', 'light', '#fbf7f0'], ['bold', 'dark', '#0b0b0f']] as const) {
        const { inlineStyle } = compileDesign({ ...defaultDesign(accent), theme, mode });
        const vars = variables(inlineStyle);
        expect(contrastRatio(vars['brand-text'] ?? '', background), `${accent} ${theme}`).toBeGreaterThanOrEqual(4.5);
        expect(contrastRatio(vars['on-brand'] ?? '', vars.brand ?? ''), `${accent} button`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it('lets no colour that is not #rrggbb into the style', () => {
    const design = defaultDesign();
    expect(compileDesign({ ...design, colors: { accent: 'red;}body{display:none' } }).inlineStyle).toBe(':root{--brand:#6d28d9;--on-brand:#ffffff;--brand-text:#6d28d9}');
  });
});
