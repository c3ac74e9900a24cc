/**
 * WCAG 2.x contrast of white text on a brand colour: the site's buttons put
 * white on it, so a colour below AA for normal text (4.5:1) gets a warning.
 */
export const WCAG_AA_NORMAL_TEXT = 4.5;

function channel(value: number): number {
  const srgb = value / 255;
  return srgb <= 0.04045 ? srgb / 12.92 : ((srgb + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance of `#rrggbb`. */
export function luminance(hex: string): number {
  const value = Number.parseInt(hex.slice(1), 16);
  return 0.2126 * channel((value >> 16) & 0xff) + 0.7152 * channel((value >> 8) & 0xff) + 0.0722 * channel(value & 0xff);
}

export function contrastWithWhite(hex: string): number {
  return 1.05 / (luminance(hex) + 0.05);
}

export function whiteTextPasses(hex: string): boolean {
  return contrastWithWhite(hex) >= WCAG_AA_NORMAL_TEXT;
}
