/**
 * WCAG contrast of a creator's colour against a theme's background, and the
 * nearest shade that passes: the editor shows the warning and offers the
 * shade; the public page uses the shade wherever the colour would be text, so
 * a page never ships unreadable links whatever was picked.
 */

/** WCAG AA for body text. */
export const AA_RATIO = 4.5;

function channels(hex: string): [number, number, number] {
  return [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16)) as [number, number, number];
}

function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((value) => {
    const c = value / 255;
    return c <= 0.039_28 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(first: string, second: string): number {
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const toHex = (value: number) => Math.round(Math.min(255, Math.max(0, value))).toString(16).padStart(2, '0');

/** The colour moved `amount` (0-1) of the way towards `target` (black or white). */
function mix(hex: string, target: 0 | 255, amount: number): string {
  return `#${channels(hex)
    .map((value) => toHex(value + (target - value) * amount))
    .join('')}`;
}

export interface ContrastCheck {
  ratio: number;
  passes: boolean;
  /** The closest shade of the same hue that passes; the colour itself when it already does. */
  nearest: string;
}

/** Darkens on a light background and lightens on a dark one, in small steps, until the ratio holds. */
export function checkContrast(color: string, background: string, minimum = AA_RATIO): ContrastCheck {
  const ratio = contrastRatio(color, background);
  if (ratio >= minimum) return { ratio, passes: true, nearest: color };
  const target = luminance(background) > 0.18 ? 0 : 255;
  for (let step = 1; step <= 100; step += 1) {
    const shade = mix(color, target, step / 100);
    if (contrastRatio(shade, background) >= minimum) return { ratio, passes: false, nearest: shade };
  }
  return { ratio, passes: false, nearest: target === 0 ? '#000000' : '#ffffff' };
}

/** Black or white, whichever reads better on a filled button of this colour. */
export function textOn(color: string): string {
  return contrastRatio(color, '#ffffff') >= contrastRatio(color, '#111111') ? '#ffffff' : '#111111';
}
