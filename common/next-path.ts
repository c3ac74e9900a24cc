/**
 * Where to go back to after signing in, from `?next=`: only a page of a
 * creator's site on this origin, so the parameter cannot send anyone to
 * another site (an open redirect) or into a script URL.
 */
const SITE_PAGE = /^\/@[a-z0-9-]{1,30}(\/[A-Za-z0-9\-._~/]*)?$/;

export function safeNextPath(search: string): string | undefined {
  const next = new URLSearchParams(search).get('next');
  if (next === null || !SITE_PAGE.test(next) || next.includes('//') || next.split('/').includes('..')) return undefined;
  return next;
}
