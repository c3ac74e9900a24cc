/**
 * Asks before a way out of the page leaves changes that would be lost: a
 * click on a link of the app, and the browser's Back and Forward buttons
 * (app/history-guard.ts). The app's declarative router has no navigation
 * blocker, so a click is caught on the document, in the capture phase,
 * before the router's link sees it; a link to another tab or another site is
 * left alone (the page stays), and so is a link marked `data-saves-first`,
 * whose own handler saves. Leaving the app altogether is asked by the browser
 * itself (`beforeunload`, usePostDraft).
 */
import { useEffect } from 'react';
import { holdHistory } from '../../../app/history-guard.ts';

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
    const releaseHistory = holdHistory(message);
    return () => {
      document.removeEventListener('click', guard, true);
      releaseHistory();
    };
  }, [active, message]);
}
