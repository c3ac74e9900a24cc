import type { Request } from 'express';
import { LOOPBACK_HOSTS } from '../config/index.ts';

/** Who made a request and from where: what the audit trail (server/auth/audit.ts), the rate limits and the mail it causes are handed. */
export interface RequestContext {
  ip: string;
  userAgent: string;
  /** The loopback origin the request came to, for the links of the mail it causes (server/mail/link-origin.ts). */
  linkOrigin?: string;
}

const LOOPBACK_NAMES: ReadonlySet<string> = new Set(LOOPBACK_HOSTS);

/**
 * The caller as the audit trail, the rate limits and the mail it causes see it; req.ip honours
 * TRUST_PROXY only when set. `linkOrigin` is kept only for a loopback name: the mail renderer
 * still takes it only if it is one of the server's own origins (server/mail/link-origin.ts), so a
 * forged Host can neither reach a link nor fill the outbox with names.
 */
export function contextOf(req: Request): RequestContext {
  const context: RequestContext = { ip: req.ip ?? req.socket.remoteAddress ?? 'unknown', userAgent: req.get('user-agent') ?? '' };
  if (LOOPBACK_NAMES.has(req.hostname)) context.linkOrigin = `${req.protocol}://${req.host}`;
  return context;
}
