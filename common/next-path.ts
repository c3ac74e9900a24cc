/**
 * Where to go back to after signing in, from `?next=`: only a page of a
 * creator's site on this origin, so the parameter cannot send anyone to
 * another site (an open redirect) or into a script URL. A plain query (the
 * join page's `?tier=…&cadence=…`) may follow; no `%`, so nothing decodes
 * into a slash or a scheme later.
 */
const SITE_PAGE = /^\/@[a-z0-9-]{1,30}(\/[A-Za-z0-9\-._~/]*)?(\?[A-Za-z0-9\-._~=&]*)?$/;

/** The platform's hand-over of a sign-in to a site's own domain, with the state the domain set (server/domains/handoff.ts, which checks every value again). */
const HANDOFF_START = /^\/auth\/handoff\/start\?domain=[a-z0-9.-]{1,253}&state=[a-z2-7]{32}&next=\/[A-Za-z0-9\-._~/]*$/;

/** A path of a creator's site on this origin (or the way to its own domain), safe to redirect to. */
export function isSitePath(path: string): boolean {
  return (SITE_PAGE.test(path) || HANDOFF_START.test(path)) && !path.includes('//') && !path.split(/[/?]/).includes('..');
}

export function safeNextPath(search: string): string | undefined {
  const next = new URLSearchParams(search).get('next');
  return next !== null && isSitePath(next) ? next : undefined;
}
