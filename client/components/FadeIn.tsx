/**
 * SPEC.md: a content block fades in once, when 10% of it first becomes
 * visible, after its own delay in milliseconds. Users who prefer reduced
 * motion, and browsers without IntersectionObserver, see it at once.
 */
import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { FADE_IN_THRESHOLD } from '../../common/constants.ts';
import { usePrefersReducedMotion } from '../lib/reduced-motion.ts';
import './FadeIn.css';

interface FadeInProps {
  children: ReactNode;
  delayMs?: number;
  className?: string;
}

export function FadeIn({ children, delayMs = 0, className }: FadeInProps) {
  const ref = useRef<HTMLDivElement>(null);
  const reducedMotion = usePrefersReducedMotion();
  const [seen, setSeen] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (seen || reducedMotion || !element) return undefined;
    if (typeof IntersectionObserver === 'undefined') {
      setSeen(true);
      return undefined;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setSeen(true);
          observer.disconnect();
        }
      },
      { threshold: FADE_IN_THRESHOLD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [seen, reducedMotion]);

  const shown = seen || reducedMotion;
  const classes = ['fade-in', shown && 'fade-in--shown', className].filter(Boolean).join(' ');
  const style: CSSProperties | undefined = delayMs > 0 ? { transitionDelay: `${delayMs}ms` } : undefined;
  return (
    <div ref={ref} className={classes} style={style} data-fade-in={shown ? 'shown' : 'waiting'}>
      {children}
    </div>
  );
}
