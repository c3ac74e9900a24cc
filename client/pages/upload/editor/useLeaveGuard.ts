/**
 * Asks before a click on a link of the app leaves changes that would be lost.
 * The app's declarative router has no navigation blocker, so the click is
 * caught on the document, in the capture phase, before the router's link
 * sees it; a link to another tab or another site is left alone (the page
 * stays), and so is a link marked `data-saves-first`, whose own handler saves.
 */
import { useEffect } from 'react';

export function useLeaveGuard(active: boolean, message: string) {
  useEffect(() => {
    if (!active) return;
    const guard = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || link.target === '_blank' || link.origin !== window.location.origin || 'savesFirst' in link.dataset) return;
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
      if (window.confirm(message)) return;
      event.preventDefault();
      event.stopPropagation();
    };
    document.addEventListener('click', guard, true);
    return () => document.removeEventListener('click', guard, true);
  }, [active, message]);
}
