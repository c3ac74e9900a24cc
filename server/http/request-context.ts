import type { Request } from 'express';
import type { RequestContext } from '../auth/audit.ts';

/** The caller as the audit trail and the rate limits see it; req.ip honours TRUST_PROXY only when set. */
export function contextOf(req: Request): RequestContext {
  return { ip: req.ip ?? req.socket.remoteAddress ?? 'unknown', userAgent: req.get('user-agent') ?? '' };
}
