/**
 * Paths a redirect may take on a site's domain. A browser reads `//host/…`
 * and `/\host/…` in a Location header as another host, so a path built from a
 * request never starts with two of either.
 */

/** A path a sign-in may come back to: the characters of a site path, no query. */
const NEXT_PATH = /^\/(?![/\\])[A-Za-z0-9\-._~/]*$/;

/** Where a sign-in on the domain comes back to: a plain path of this domain, else its home page. */
export function domainNextPath(value: unknown): string {
  if (typeof value !== 'string') return '/';
  const path = value.split('?')[0]!;
  return NEXT_PATH.test(path) && !path.split('/').includes('..') ? path : '/';
}

/** A request's path as a redirect target on the same host: leading slashes and backslashes fold into one. */
export function sameHostPath(path: string): string {
  return path.replace(/^[/\\]+/, '/') || '/';
}
