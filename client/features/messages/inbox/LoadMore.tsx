/**
 * The inbox's next page: a button, always there and reachable by keyboard,
 * that also presses itself when it scrolls into view (infinite scroll where
 * IntersectionObserver exists, the button alone where it does not), unless
 * it has the keyboard's focus. A page
 * that failed waits for a press rather than retrying on every scroll.
 */
import { useEffect, useRef } from 'react';
import { BusyButton } from '../../../components/BusyButton.tsx';

export type More = 'idle' | 'loading' | 'failed';

export function LoadMore({ more, onLoadMore }: { more: More; onLoadMore: (byHand: boolean) => void }) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const target = box.current;
    if (!target || more !== 'idle' || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver((entries) => {
      // A keyboard user who tabbed to the button (which scrolls it into view) presses it themselves, and focus then follows to the new rows.
      if (entries.some((entry) => entry.isIntersecting) && !target.contains(document.activeElement)) onLoadMore(false);
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [more, onLoadMore]);

  return (
    <div className="inbox__more" ref={box}>
      {more === 'failed' && <p role="alert">More conversations could not be loaded. Try again.</p>}
      <BusyButton variant="secondary" busy={more === 'loading'} onClick={() => onLoadMore(true)}>
        Load more conversations
      </BusyButton>
    </div>
  );
}
