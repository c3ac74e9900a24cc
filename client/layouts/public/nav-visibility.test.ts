import { describe, expect, it } from 'vitest';
import { NAV_HIDE_SCROLL_PX } from '../../../common/constants.ts';
import { nextNavHidden } from './nav-visibility.ts';

describe('nextNavHidden', () => {
  it('stays shown while scrolling down within the first 80px', () => {
    expect(nextNavHidden(false, 0, 40, NAV_HIDE_SCROLL_PX)).toBe(false);
    expect(nextNavHidden(false, 40, 80, NAV_HIDE_SCROLL_PX)).toBe(false);
  });

  it('hides when scrolling down past 80px', () => {
    expect(nextNavHidden(false, 80, 81, NAV_HIDE_SCROLL_PX)).toBe(true);
    expect(nextNavHidden(false, 300, 500, NAV_HIDE_SCROLL_PX)).toBe(true);
  });

  it('shows again on any scroll up, and near the top', () => {
    expect(nextNavHidden(true, 500, 499, NAV_HIDE_SCROLL_PX)).toBe(false);
    expect(nextNavHidden(true, 500, 60, NAV_HIDE_SCROLL_PX)).toBe(false);
  });

  it('keeps its state when the position did not change', () => {
    expect(nextNavHidden(true, 500, 500, NAV_HIDE_SCROLL_PX)).toBe(true);
    expect(nextNavHidden(false, 500, 500, NAV_HIDE_SCROLL_PX)).toBe(false);
  });
});
