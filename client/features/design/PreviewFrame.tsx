/**
 * The server-rendered page with the draft (`/@{handle}?preview=design`, the
 * owner's only, never cached), at a phone's or a desktop's width. The desktop
 * page is laid out at 1280 px and scaled down to the space there is, so it
 * shows the layout a desktop reader gets.
 *
 * It follows typing (docs/decisions/109): 150 ms after a change the design as
 * it stands, saved or not, is posted to the same address and the page's body
 * is swapped in place, keeping the scroll position, with no reload. A change
 * to the page's head (theme, colours: its inline style is pinned by the CSP
 * hash the frame was loaded with) cannot be swapped in; the frame then loads
 * again once autosave has stored that design.
 */
import { useEffect, useRef, useState } from 'react';
import type { Design } from '../../../common/design.ts';
import { livePreviewSwap, postPreview } from './live-preview.ts';

export type PreviewWidth = 'phone' | 'desktop';
const WIDTHS: Record<PreviewWidth, number> = { phone: 375, desktop: 1280 };
/** Tall enough that the scaled-down desktop page fills the column about as the phone does. */
const HEIGHTS: Record<PreviewWidth, number> = { phone: 760, desktop: 1900 };
/** Short enough to follow typing, long enough that a burst of keys is one request. */
const FOLLOW_DELAY_MS = 150;

export function PreviewFrame({ url, width, design, saved }: { url: string; width: PreviewWidth; design: Design | undefined; saved: Design | undefined }) {
  const stage = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const [room, setRoom] = useState(WIDTHS.desktop);
  const [loads, setLoads] = useState(0);
  /** A design whose head differs from the frame's: the frame loads again once it is saved. */
  const [reloadFor, setReloadFor] = useState<Design | undefined>();

  useEffect(() => {
    const element = stage.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setRoom(entry ? entry.contentRect.width : WIDTHS.desktop));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (!design) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      postPreview(url, design, controller.signal).then(
        (html) => {
          const document = frame.current?.contentDocument;
          if (!document || controller.signal.aborted) return;
          if (livePreviewSwap(document, html) === 'head-changed') setReloadFor(design);
        },
        // A failed or refused preview leaves the last good page; autosave says what is wrong.
        () => undefined,
      );
    }, FOLLOW_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [design, url]);

  // Autosave has stored the design the frame could not swap in: the frame loads it (state adjusted while rendering, as React advises).
  if (reloadFor && reloadFor === saved) {
    setReloadFor(undefined);
    setLoads((count) => count + 1);
  }

  const frameWidth = WIDTHS[width];
  const scale = Math.min(1, room / frameWidth);
  const height = HEIGHTS[width];
  return (
    <div ref={stage} className="design-preview__stage" style={{ height: height * scale }}>
      <iframe
        ref={frame}
        className="design-preview__frame"
        src={`${url}&v=${loads}`}
        title={`Preview of your home page at ${width === 'phone' ? 'phone' : 'desktop'} width`}
        style={{ width: frameWidth, height, transform: `scale(${scale})` }}
      />
    </div>
  );
}
