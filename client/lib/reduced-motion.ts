/** The user's "reduce motion" setting: smooth scrolling and the login carousel's autoplay follow it. */
import { useState, useSyncExternalStore, type Dispatch, type SetStateAction } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(QUERY).matches;
}

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => undefined;
  const list = window.matchMedia(QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/** Re-renders when the setting changes while the page is open. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, prefersReducedMotion, () => false);
}

/**
 * A carousel's autoplay: off from the start for users who prefer reduced motion,
 * and switched off when the setting turns on while the page is open; the pause
 * and play button sets it either way. Adjusted while rendering, not in an
 * effect, so the switch costs no second commit.
 */
export function useAutoplay(): [boolean, Dispatch<SetStateAction<boolean>>] {
  const reducedMotion = usePrefersReducedMotion();
  const [playing, setPlaying] = useState(!reducedMotion);
  const [reducedMotionBefore, setReducedMotionBefore] = useState(reducedMotion);
  if (reducedMotion !== reducedMotionBefore) {
    setReducedMotionBefore(reducedMotion);
    if (reducedMotion) setPlaying(false);
  }
  return [playing, setPlaying];
}
