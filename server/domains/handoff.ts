/**
 * Sign-in on a custom domain (DESIGN.md "Your own domain"): the reader signs
 * in on the platform origin, whose `/auth/handoff/start` mints a one-time token
 * (its SHA-256 at rest, single use, a minute, bound to one domain) and sends
 * the browser to `/auth/handoff` on the domain, which opens a session of its
 * own there in a host-only cookie. Signing out on the domain ends that session only.
 */
import { and, eq, gt, lt } from 'drizzle-orm';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import type { Database } from '../../db/connect.ts';
import { domainHandoffs } from '../../db/domain-schema.ts';
import { generateSecretToken, hashToken } from '../auth/tokens.ts';
import type { SessionService } from '../auth/session.ts';
import type { Clock } from '../clock.ts';
import type { AuthLocals } from '../http/middleware/load-session.ts';
import type { SessionCookie } from '../http/session-cookie.ts';
import { hostName, type DomainDirectory } from './domain-directory.ts';
import { domainNextPath } from './host-routing.ts';

export const HANDOFF_TTL_MS = 60_000;

export interface HandoffDeps {
  db: Database;
  clock: Clock;
  sessions: SessionService;
  cookie: SessionCookie;
  directory: DomainDirectory;
  session: RequestHandler;
}

function refusal(res: Response, signInUrl: string) {
  res
    .status(400)
    .set('Cache-Control', 'no-store')
    .type('html')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sign-in link expired</title></head><body><main><h1>This sign-in link no longer works</h1><p>It was already used, it is more than a minute old, or it was made for another site.</p><p><a href="${signInUrl}">Sign in again</a></p></main></body></html>`,
    );
}

export function handoffRoutes({ db, clock, sessions, cookie, directory, session }: HandoffDeps): Router {
  const router = Router();

  router.get('/start', session, async (req: Request, res: Response<unknown, AuthLocals>) => {
    res.set('Cache-Control', 'no-store');
    const domain = hostName(typeof req.query.domain === 'string' ? req.query.domain : '');
    const next = domainNextPath(req.query.next);
    const answer = domain ? await directory.lookup(domain) : undefined;
    if (answer?.kind !== 'site') return res.status(404).type('text/plain').send('Not found');
    const auth = res.locals.auth;
    if (!auth) return res.redirect(302, `/login?next=${encodeURIComponent(`/auth/handoff/start?domain=${domain}&next=${next}`)}`);
    const token = generateSecretToken();
    const now = clock();
    await db.delete(domainHandoffs).where(lt(domainHandoffs.expiresAt, now));
    await db.insert(domainHandoffs).values({ tokenHash: hashToken(token), userId: auth.user.id, hostname: domain, expiresAt: new Date(now.getTime() + HANDOFF_TTL_MS) });
    res.redirect(302, `https://${domain}/auth/handoff?token=${token}&next=${encodeURIComponent(next)}`);
  });

  router.get('/', async (req: Request, res: Response) => {
    res.set('Cache-Control', 'no-store');
    const domain = (res.locals as { customDomain?: string }).customDomain;
    const next = domainNextPath(req.query.next);
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    if (!domain) return res.status(404).type('text/plain').send('Not found');
    // Taken in one statement: of two redemptions at once, one gets the row.
    const [handoff] = token
      ? await db
          .delete(domainHandoffs)
          .where(and(eq(domainHandoffs.tokenHash, hashToken(token)), eq(domainHandoffs.hostname, domain), gt(domainHandoffs.expiresAt, clock())))
          .returning()
      : [];
    if (!handoff) return refusal(res, `/login?next=${encodeURIComponent(next)}`);
    const opened = await sessions.createSession(handoff.userId, req.get('user-agent') ?? '');
    cookie.set(res, opened.token, opened.expiresAt);
    res.redirect(302, next);
  });

  return router;
}
