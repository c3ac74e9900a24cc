/**
 * The JSON side of the public site: joining a site and reading one's
 * membership (`/api/sites/:handle/...`), and the studio's preview list
 * (`/api/site-preview`). Parse, call the service, answer.
 */
import express, { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import type { AnswerOf } from '../../common/api/endpoint.ts';
import type { getSiteMembership, joinSite } from '../../common/api/site-membership.ts';
import type { getSitePreview } from '../../common/api/site-preview.ts';
import { CADENCES } from '../../common/memberships.ts';
import { emailJoinSchema } from '../../common/validation.ts';
import type { Clock } from '../clock.ts';
import { AppError } from '../errors.ts';
import type { LivePosts } from '../posts/index.ts';
import { requireUser, requireVerifiedCreator, type AuthLocals } from '../auth/index.ts';
import { contextOf, parseInput } from '../http/index.ts';
import type { JoinService } from './join-service.ts';
import type { SiteContent } from '../site-content/index.ts';

const isObjectWith = (body: unknown, key: string) => typeof body === 'object' && body !== null && key in body;

const joinBody = z.object({ tierId: z.uuid(), cadence: z.enum(CADENCES).optional() });

type MaybeSignedIn = Response<unknown, AuthLocals>;

type SignedIn = Response<unknown, Required<AuthLocals>>;

export function siteMembershipRoutes({ joins }: { joins: JoinService }): Router {
  const router = Router();
  router.post('/:handle/join', express.json({ limit: '4kb' }), async (req: Request, res: MaybeSignedIn) => {
    // Signed out: one e-mail field; the mailed link joins and signs in (docs/decisions/145). A tier without an address still asks to sign in.
    if (!res.locals.auth) {
      if (!isObjectWith(req.body, 'email')) throw new AppError('unauthenticated', 401);
      const { email } = parseInput(emailJoinSchema, req.body);
      await joins.mailJoinLink(String(req.params.handle), email, contextOf(req));
      res.status(202).json({ mailed: true } satisfies AnswerOf<typeof joinSite>);
      return;
    }
    const { tierId, cadence } = parseInput(joinBody, req.body);
    const answer = await joins.join(String(req.params.handle), res.locals.auth.user.id, tierId, cadence);
    if ('checkoutUrl' in answer) {
      res.json({ checkoutUrl: answer.checkoutUrl } satisfies AnswerOf<typeof joinSite>);
      return;
    }
    res.status(answer.created ? 201 : 200).json({ membership: answer.membership } satisfies AnswerOf<typeof joinSite>);
  });
  router.get('/:handle/membership', requireUser, async (req: Request, res: SignedIn) => {
    const membership = await joins.membership(String(req.params.handle), res.locals.auth.user.id);
    res.set('Cache-Control', 'private, no-store').json({ membership } satisfies AnswerOf<typeof getSiteMembership>);
  });
  return router;
}

export function sitePreviewRoutes({ content, clock, livePosts }: { content: Pick<SiteContent, 'siteByOwner' | 'unpublishedPosts'>; clock: Clock; livePosts: LivePosts }): Router {
  const router = Router();
  router.get('/', requireVerifiedCreator, async (_req: Request, res: SignedIn) => {
    const site = await content.siteByOwner(res.locals.auth.user.id);
    if (!site) {
      res.json({ site: null, posts: [] } satisfies AnswerOf<typeof getSitePreview>);
      return;
    }
    const home = `/@${site.handle}`;
    const posts = await content.unpublishedPosts(site.id, livePosts(clock()));
    res.set('Cache-Control', 'private, no-store').json({
      site: { handle: site.handle, title: site.title, published: site.publishedAt !== null, url: home, previewUrl: `${home}?preview=1` },
      posts: posts.map((post) => ({
        id: post.id,
        title: post.title,
        status: post.status,
        visibility: post.visibility,
        publishAt: post.status === 'scheduled' ? (post.publishedAt?.toISOString() ?? null) : null,
        updatedAt: post.updatedAt.toISOString(),
        previewUrl: `${home}/posts/${encodeURIComponent(post.slug)}?preview=1`,
      })),
    } satisfies AnswerOf<typeof getSitePreview>);
  });
  return router;
}
