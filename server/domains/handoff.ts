/**
 * Sign-in on a custom domain (DESIGN.md "Sessions on custom domains"), in three steps:
 * 1. the domain (its `/login`, or Google's button) sets a one-time state cookie and
 *    sends the reader to the platform's `/auth/handoff/start` with that state;
 * 2. the platform, where the reader signs in, mints a token (its SHA-256 at rest,
 *    single use, a minute) bound to the domain and to the state's hash, and sends
 *    the browser back to `/auth/handoff` on the domain; before a first handoff to
 *    a site the reader has not joined, it asks them (a form they must post);
 * 3. the domain takes the token only beside its state cookie and opens a session
 *    bound to itself and its site (server/auth/session.ts SessionScope), which
 *    serves nothing on the platform or on any other host.
 * A creator controls their domain's DNS, so anything sent there may reach them:
 * the platform's own session never travels, and what does opens only that site.
 */
import { and, eq, gt, lt } from 'drizzle-orm';
import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import type { Database } from '../../db/connect.ts';
import { memberships, sites } from '../../db/content-schema.ts';
import { domainHandoffs } from '../../db/domain-schema.ts';
import { generateSecretToken, hashToken, type AuthLocals, type SessionCookie, type SessionService } from '../auth/index.ts';
import type { Clock } from '../clock.ts';
import { hostName, type DomainDirectory, type DomainSite } from './domain-directory.ts';
import { sendHandoffQuestion, sendHandoffRefusal, type SiteLook } from './handoff-pages.ts';
import { parseHandoffState, type HandoffStateCookie } from './handoff-state.ts';
import { domainNextPath } from './next-path.ts';

export const HANDOFF_TTL_MS = 60_000;

/** How the reader signs in on the platform before coming back. */
export type SignInWay = 'password' | 'google';

/** Step 1, on the domain: a new state in this browser, and the way to the platform. */
export function beginHandoff({ appUrl, stateCookie }: { appUrl: URL; stateCookie: HandoffStateCookie }) {
  return function beginHandoffOnDomain(res: Response, site: DomainSite, next: string, way: SignInWay): void {
    const state = stateCookie.start(res);
    const start = `/auth/handoff/start?domain=${encodeURIComponent(site.hostname)}&state=${state}&next=${encodeURIComponent(next)}`;
    res.set('Cache-Control', 'no-store');
    if (way === 'google') return res.redirect(302, `${appUrl.origin}/api/auth/google?next=${encodeURIComponent(start)}`);
    res.redirect(302, `${appUrl.origin}${start}`);
  };
}

export interface HandoffDeps {
  db: Database;
  clock: Clock;
  sessions: SessionService;
  cookie: SessionCookie;
  stateCookie: HandoffStateCookie;
  directory: DomainDirectory;
  session: RequestHandler;
  sameOrigin: RequestHandler;
}

type SignedInResponse = Response<unknown, AuthLocals>;

export function handoffRoutes({ db, clock, sessions, cookie, stateCookie, directory, session, sameOrigin }: HandoffDeps): Router {
  const router = Router();
  const form = express.urlencoded({ extended: false, limit: '2kb', parameterLimit: 10 });

  /** What a start asks for: an active site's domain, the domain's state, and a path there; undefined for a site that is not (or no longer) served. */
  async function startRequest(input: Record<string, unknown>) {
    const domain = hostName(typeof input.domain === 'string' ? input.domain : '');
    const answer = domain ? await directory.lookup(domain) : undefined;
    // A suspended site hands nobody a sign-in: its domain serves nothing (docs/decisions/124).
    if (answer?.kind !== 'site' || answer.site.suspended) return undefined;
    return { site: answer.site, state: parseHandoffState(input.state), next: domainNextPath(input.next) };
  }

  /** The site's name and one colour, which both handoff pages wear (handoff-pages.ts); its domain for a name when it has none. */
  async function lookOf(site: DomainSite): Promise<SiteLook> {
    const [row] = await db.select({ title: sites.title, brandColor: sites.brandColor }).from(sites).where(eq(sites.id, site.siteId)).limit(1);
    return { siteTitle: row?.title || site.hostname, brandColor: row?.brandColor ?? '' };
  }

  /** Whether the reader already belongs to the site (its owner, or a member in any standing): no question then. */
  async function knowsSite(userId: string, siteId: string): Promise<boolean> {
    const [owned] = await db.select({ id: sites.id }).from(sites).where(and(eq(sites.id, siteId), eq(sites.ownerId, userId))).limit(1);
    if (owned) return true;
    const [member] = await db.select({ id: memberships.id }).from(memberships).where(and(eq(memberships.siteId, siteId), eq(memberships.userId, userId))).limit(1);
    return member !== undefined;
  }

  async function mintAndGo(res: Response, userId: string, site: DomainSite, state: string, next: string, status: 302 | 303) {
    const token = generateSecretToken();
    const now = clock();
    await db.delete(domainHandoffs).where(lt(domainHandoffs.expiresAt, now));
    await db.insert(domainHandoffs).values({ tokenHash: hashToken(token), userId, hostname: site.hostname, stateHash: hashToken(state), expiresAt: new Date(now.getTime() + HANDOFF_TTL_MS) });
    res.redirect(status, `https://${site.hostname}/auth/handoff?token=${token}&next=${encodeURIComponent(next)}`);
  }

  // Step 2, on the platform.
  router.get('/start', session, async (req: Request, res: SignedInResponse) => {
    res.set('Cache-Control', 'no-store');
    const asked = await startRequest(req.query);
    if (!asked) return res.status(404).type('text/plain').send('Not found');
    const { site, state, next } = asked;
    // A start that did not come from the domain (an old link, a typed address) goes there to begin properly.
    if (!state) return res.redirect(302, `https://${site.hostname}/login?next=${encodeURIComponent(next)}`);
    const auth = res.locals.auth;
    if (!auth) return res.redirect(302, `/login?next=${encodeURIComponent(`/auth/handoff/start?domain=${site.hostname}&state=${state}&next=${next}`)}`);
    if (!(await knowsSite(auth.user.id, site.siteId))) {
      return sendHandoffQuestion(res, { ...(await lookOf(site)), domain: site.hostname, email: auth.user.email, state, next });
    }
    await mintAndGo(res, auth.user.id, site, state, next, 302);
  });

  // The reader's answer to the question: a form post from the platform's own page.
  router.post('/start', sameOrigin, session, form, async (req: Request, res: SignedInResponse) => {
    res.set('Cache-Control', 'no-store');
    const asked = await startRequest((req.body ?? {}) as Record<string, unknown>);
    const auth = res.locals.auth;
    if (!asked?.state) return res.status(404).type('text/plain').send('Not found');
    if (!auth) return res.redirect(303, `/login?next=${encodeURIComponent(`/auth/handoff/start?domain=${asked.site.hostname}&state=${asked.state}&next=${asked.next}`)}`);
    await mintAndGo(res, auth.user.id, asked.site, asked.state, asked.next, 303);
  });

  // Step 3, on the domain.
  router.get('/', async (req: Request, res: Response) => {
    res.set('Cache-Control', 'no-store');
    const { customDomain: domain, domainSite: site } = res.locals as { customDomain?: string; domainSite?: DomainSite };
    if (!domain || !site) return res.status(404).type('text/plain').send('Not found');
    const next = domainNextPath(req.query.next);
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    const state = stateCookie.read(req);
    // The state is spent with the attempt, whatever its outcome.
    stateCookie.clear(res);
    // Taken in one statement: of two redemptions at once, one gets the row.
    const [handoff] =
      token && state
        ? await db
            .delete(domainHandoffs)
            .where(and(eq(domainHandoffs.tokenHash, hashToken(token)), eq(domainHandoffs.hostname, domain), eq(domainHandoffs.stateHash, hashToken(state)), gt(domainHandoffs.expiresAt, clock())))
            .returning()
        : [];
    if (!handoff) return sendHandoffRefusal(res, await lookOf(site), `/login?next=${encodeURIComponent(next)}`);
    const opened = await sessions.createSession(handoff.userId, req.get('user-agent') ?? '', db, { hostname: domain, siteId: site.siteId });
    cookie.set(res, opened.token, opened.expiresAt);
    res.redirect(302, next);
  });

  return router;
}
