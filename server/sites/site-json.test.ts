import { describe, expect, it } from 'vitest';
import { imageFileFor, siteAddress } from './site-json.ts';

const derived = {
  images: [
    { width: 320, height: 320, file: 'w320.webp' },
    { width: 640, height: 640, file: 'w640.webp' },
    { width: 1280, height: 1280, file: 'w1280.webp' },
  ],
};

describe('imageFileFor', () => {
  it('takes the widest variant that fits, or the widest of all', () => {
    expect(imageFileFor(derived, 640)).toBe('w640.webp');
    expect(imageFileFor(derived, 1000)).toBe('w640.webp');
    expect(imageFileFor(derived)).toBe('w1280.webp');
  });

  it('falls back to the narrowest when none fits, and to the original without variants', () => {
    expect(imageFileFor(derived, 100)).toBe('w320.webp');
    expect(imageFileFor({}, 640)).toBe('original');
  });
});

describe('siteAddress', () => {
  it('is the handle under the platform origin', () => {
    expect(siteAddress(new URL('https://creators.example'), { handle: 'nina' })).toBe('https://creators.example/@nina');
    expect(siteAddress(new URL('https://creators.example'), { handle: 'nina', domain: 'nina.example' })).toBe('https://nina.example/');
  });
});
