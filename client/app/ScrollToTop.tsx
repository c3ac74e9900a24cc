/** SPEC.md: every path change scrolls smoothly to the top (instantly for users who ask for less motion). */
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { prefersReducedMotion } from '../lib/reduced-motion.ts';

export function ScrollToTop() {
  const { pathname } = useLocation();

  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  }, [pathname]);

  return null;
}
