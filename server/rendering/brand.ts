/**
 * The creator's brand colour as CSS custom properties, with the text colours
 * that stay readable on and beside it (WCAG AA, 4.5:1): a light brand gets dark
 * button text, and links fall back to ink when the brand is too pale on white.
 */
const INK = '#14122b';
const WHITE = '#ffffff';

function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.039_28 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(first: string, second: string): number {
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const BRAND_SHAPE = /^#[0-9a-f]{6}$/;

/** The `:root` rule of a page; the colour is checked again here because it lands inside a <style> element. */
export function brandStyle(brandColor: string): string {
  const brand = BRAND_SHAPE.test(brandColor) ? brandColor : '#6d28d9';
  const onBrand = contrastRatio(brand, WHITE) >= 4.5 ? WHITE : INK;
  const brandText = contrastRatio(brand, WHITE) >= 4.5 ? brand : INK;
  return `:root{--brand:${brand};--on-brand:${onBrand};--brand-text:${brandText}}`;
}
