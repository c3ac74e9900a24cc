/**
 * After a route change (never on the first load) focus moves to the new page's
 * main heading, so a screen reader starts reading the page that was opened
 * instead of staying on a link that is gone. A lazily loaded page has no
 * heading yet when the path changes: focus waits for it to appear.
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** Focuses the page's h1 if it is there yet; focusable by script only, as a heading is no stop in the Tab order. */
function focusHeading(): boolean {
  const heading = document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');
  if (!heading) return false;
  heading.tabIndex = -1;
  heading.focus({ preventScroll: true });
  return true;
}

export function RouteFocus() {
  const { pathname } = useLocation();
  // The first load keeps the browser's own focus; every path after it moves focus.
  const firstPath = useRef(pathname);
  const navigated = useRef(false);

  useEffect(() => {
    if (!navigated.current && pathname === firstPath.current) return undefined;
    navigated.current = true;
    if (focusHeading()) return undefined;
    const observer = new MutationObserver(() => {
      if (focusHeading()) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [pathname]);

  return null;
}
