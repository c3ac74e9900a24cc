/**
 * SPEC.md: the public navigation hides when the page scrolls down past 80px
 * and shows again as soon as it scrolls up.
 */
import { useEffect, useState } from 'react';

export function nextNavHidden(wasHidden: boolean, previousY: number, currentY: number, thresholdPx: number): boolean {
  if (currentY <= thresholdPx) return false;
  if (currentY > previousY) return true;
  if (currentY < previousY) return false;
  return wasHidden;
}

export function useNavHiddenOnScroll(thresholdPx: number): boolean {
  const [hidden, setHidden] = useState(false);

  useEffect(() => {
    let previousY = window.scrollY;
    const onScroll = () => {
      const currentY = window.scrollY;
      setHidden((wasHidden) => nextNavHidden(wasHidden, previousY, currentY, thresholdPx));
      previousY = currentY;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [thresholdPx]);

  return hidden;
}
