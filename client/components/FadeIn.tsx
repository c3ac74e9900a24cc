/**
 * SPEC.md: a content block fades in once, when 10% of it first becomes
 * visible, after its own delay in milliseconds. Users who prefer reduced
 * motion, and browsers without IntersectionObserver, see it at once.
 */
import { useEffect, useRef, useState, useSyncExternalStore, type CSSProperties, type ReactNode } from 'react';
import { FADE_IN_THRESHOLD } from '../../common/constants.ts';
import { usePrefersReducedMotion } from '../lib/reduced-motion.ts';
import './FadeIn.css';

interface FadeInProps {
  children: ReactNode;
  delayMs?: number;
  className?: string;
}

const neverChanges = () => () => undefined;

/** True in a browser without IntersectionObserver; false on the server, which renders every block waiting, as a browser first does. */
function useLacksIntersectionObserver(): boolean {
  return useSyncExternalStore(neverChanges, () => typeof IntersectionObserver === 'undefined', () => false);
}

export function FadeIn({ children, delayMs = 0, className }: FadeInProps) {
  const ref = useRef<HTMLDivElement>(null);
  const reducedMotion = usePrefersReducedMotion();
  const lacksObserver = useLacksIntersectionObserver();
  const [seen, setSeen] = useState(false);
  const shown = seen || reducedMotion || lacksObserver;

  useEffect(() => {
    const element = ref.current;
    if (shown || !element) return undefined;
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
  }, [shown]);

  const classes = ['fade-in', shown && 'fade-in--shown', className].filter(Boolean).join(' ');
  const style: CSSProperties | undefined = delayMs > 0 ? { transitionDelay: `${delayMs}ms` } : undefined;
  return (
    <div ref={ref} className={classes} style={style} data-fade-in={shown ? 'shown' : 'waiting'}>
      {children}
    </div>
  );
}
