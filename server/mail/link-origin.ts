/**
 * Where the links of a mail a request caused point (issue 27 item 5,
 * docs/decisions/130). With
 * APP_URL unset, a newcomer may use any loopback name on PORT
 * (Config.allowedOrigins), and their session cookie belongs to the name they
 * used: a link to another name would find them signed out. So such a mail
 * links to the origin the request came to, if it is one of the server's own;
 * anything else, a forged Host included, gets APP_URL (by default
 * http://localhost:PORT). With APP_URL set, its origin is the only one
 * allowed, so links are always APP_URL's.
 */
export function mailLinkBase(requested: string | undefined, allowedOrigins: readonly string[], appUrl: URL): URL {
  if (requested === undefined || requested === appUrl.origin || !allowedOrigins.includes(requested)) return appUrl;
  return new URL(requested);
}
