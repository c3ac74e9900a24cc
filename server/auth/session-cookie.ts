/**
 * The session cookie of DESIGN.md: HttpOnly, SameSite=Lax, Path=/; on https also
 * Secure and `__Host-` prefixed, so no subdomain or plain-http page can set it.
 */
import { parseCookie } from 'cookie';
import type { CookieOptions, Request, Response } from 'express';

export interface SessionCookie {
  name: string;
  read(req: Request): string | undefined;
  set(res: Response, token: string, expiresAt: Date): void;
  clear(res: Response): void;
}

/**
 * One Set-Cookie per name in a response (RFC 6265 section 4.1.1): loadSession
 * refreshes the cookie before the route runs, so a logout's clear or a login's
 * new session must replace that line rather than follow it.
 */
function dropEarlierSetCookie(res: Response, name: string): void {
  const current = res.getHeader('Set-Cookie');
  if (current === undefined) return;
  const kept = (Array.isArray(current) ? current : [String(current)]).filter((line) => !line.startsWith(`${name}=`));
  if (kept.length > 0) res.setHeader('Set-Cookie', kept);
  else res.removeHeader('Set-Cookie');
}

export function createSessionCookie(appUrl: URL): SessionCookie {
  const secure = appUrl.protocol === 'https:';
  const name = secure ? '__Host-session' : 'session';
  const options: CookieOptions = { httpOnly: true, sameSite: 'lax', path: '/', secure };
  return {
    name,
    read(req) {
      const header = req.headers.cookie;
      if (!header) return undefined;
      const value = parseCookie(header)[name];
      // A token is 32 base32 characters; anything else is not worth a database round trip.
      return value && /^[a-z2-7]{32}$/.test(value) ? value : undefined;
    },
    set(res, token, expiresAt) {
      dropEarlierSetCookie(res, name);
      res.cookie(name, token, { ...options, expires: expiresAt });
    },
    clear(res) {
      dropEarlierSetCookie(res, name);
      res.clearCookie(name, options);
    },
  };
}
