/**
 * SPEC.md: a content block fades in once, when 10% of it first becomes
 * visible, after its own delay in milliseconds. The server's HTML shows every
 * block, so the first paint (and the page's largest paint) never waits for the
 * scripts; once hydrated, a block that is still below the fold is hidden and
 * fades in when scrolled to, while a block already on screen is never hidden
 * again. Users who prefer reduced motion, and browsers without
 * IntersectionObserver, see every block at once.
 */
import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { FADE_IN_THRESHOLD } from '../../common/constants.ts';
import { prefersReducedMotion } from '../lib/reduced-motion.ts';
import './FadeIn.css';

interface FadeInProps {
  children: ReactNode;
  delayMs?: number;
  className?: string;
}

/** Below the fold: nothing of the block is on screen yet. */
function belowTheFold(element: HTMLElement): boolean {
  return element.getBoundingClientRect().top >= window.innerHeight;
}

export function FadeIn({ children, delayMs = 0, className }: FadeInProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [waiting, setWaiting] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined' || prefersReducedMotion() || !belowTheFold(element)) return undefined;
    setWaiting(true);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setWaiting(false);
          observer.disconnect();
        }
      },
      { threshold: FADE_IN_THRESHOLD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const classes = ['fade-in', waiting && 'fade-in--waiting', className].filter(Boolean).join(' ');
  const style: CSSProperties | undefined = delayMs > 0 ? { transitionDelay: `${delayMs}ms` } : undefined;
  return (
    <div ref={ref} className={classes} style={style} data-fade-in={waiting ? 'waiting' : 'shown'}>
      {children}
    </div>
  );
}
