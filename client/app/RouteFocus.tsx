/**
 * After a route change (never on the first load) focus moves to the new page's
 * main heading, so a screen reader starts reading the page that was opened
 * instead of staying on a link that is gone. A lazily loaded page has no
 * heading yet when the path changes: focus waits for it to appear.
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

function mainHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');
}

function focusHeading(heading: HTMLElement) {
  // Focusable by script only: a heading is not a stop in the Tab order.
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
}

/** Focuses the heading now, or once it appears; returns how to stop waiting. */
function focusHeadingWhenShown(): () => void {
  const heading = mainHeading();
  if (heading) {
    focusHeading(heading);
    return () => undefined;
  }
  const observer = new MutationObserver(() => {
    const shown = mainHeading();
    if (!shown) return;
    observer.disconnect();
    focusHeading(shown);
  });
  observer.observe(document.body, { childList: true, subtree: true });
  return () => observer.disconnect();
}

export function RouteFocus() {
  const { pathname } = useLocation();
  // The first load keeps the browser's own focus; every path after it moves focus.
  const firstPath = useRef(pathname);
  const navigated = useRef(false);

  useEffect(() => {
    if (!navigated.current && pathname === firstPath.current) return undefined;
    navigated.current = true;
    return focusHeadingWhenShown();
  }, [pathname]);

  return null;
}
