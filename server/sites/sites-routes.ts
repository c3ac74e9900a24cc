/** /api/sites, /api/onboarding and /api/profile: parse, call one service function, answer (common/api/sites.ts). */
import express, { Router, type Request, type Response } from 'express';
import type { AnswerOf } from '../../common/api/endpoint.ts';
import type * as sitesApi from '../../common/api/sites.ts';
import { createSiteSchema, onboardingStepSchema, profileSchema, updateSiteSchema } from '../../common/site-schemas.ts';
import { requireVerifiedCreator, toPublicUser, type AuthLocals } from '../auth/index.ts';
import type { RateLimiter } from '../rate-limits/index.ts';
import { parseInput } from '../http/index.ts';
import type { OnboardingService } from './onboarding.ts';
import type { SitesService } from './sites-service.ts';

type CreatorResponse = Response<unknown, AuthLocals>;
type SitesAnswer<Name extends keyof typeof sitesApi> = AnswerOf<(typeof sitesApi)[Name]>;

const json = express.json({ limit: '16kb' });
const userIdOf = (res: CreatorResponse) => res.locals.auth!.user.id;

/**
 * Each route names its own requirement rather than the router: other features
 * answer under /api/sites too (a member joining a site is no creator).
 */
export function sitesRoutes({ sites, rateLimiter }: { sites: SitesService; rateLimiter: RateLimiter }): Router {
  const router = Router();

  router.post('/', requireVerifiedCreator, json, async (req: Request, res: CreatorResponse) => {
    const input = parseInput(createSiteSchema, req.body);
    const site = await sites.createSite(userIdOf(res), input);
    res.status(201).json({ site } satisfies SitesAnswer<'createSite'>);
  });

  router.get('/mine', requireVerifiedCreator, async (_req: Request, res: CreatorResponse) => {
    const site = await sites.getMySite(userIdOf(res));
    res.set('Cache-Control', 'no-store').json({ site } satisfies SitesAnswer<'mySite'>);
  });

  router.patch('/mine', requireVerifiedCreator, json, async (req: Request, res: CreatorResponse) => {
    const input = parseInput(updateSiteSchema, req.body);
    const site = await sites.updateMySite(userIdOf(res), input);
    res.json({ site } satisfies SitesAnswer<'updateMySite'>);
  });

  router.get('/handle-available', requireVerifiedCreator, async (req: Request, res: CreatorResponse) => {
    const handle = typeof req.query.handle === 'string' ? req.query.handle : '';
    await rateLimiter.consumeHandleCheck(userIdOf(res));
    const availability = await sites.checkHandle(userIdOf(res), handle);
    res.set('Cache-Control', 'no-store').json(availability satisfies SitesAnswer<'handleAvailable'>);
  });

  return router;
}

export function onboardingRoutes({ sites, onboarding }: { sites: SitesService; onboarding: OnboardingService }): Router {
  const router = Router();
  router.use(requireVerifiedCreator);

  router.get('/', async (_req: Request, res: CreatorResponse) => {
    const site = await sites.findMySite(userIdOf(res));
    res.set('Cache-Control', 'no-store').json({ site } satisfies SitesAnswer<'onboardingState'>);
  });

  router.patch('/', json, async (req: Request, res: CreatorResponse) => {
    const { step } = parseInput(onboardingStepSchema, req.body);
    const user = await onboarding.saveStep(userIdOf(res), step);
    res.json({ user: toPublicUser(user) } satisfies SitesAnswer<'saveOnboardingStep'>);
  });

  router.post('/finish', async (_req: Request, res: CreatorResponse) => {
    const { user, site } = await onboarding.finish(userIdOf(res));
    res.json({ user: toPublicUser(user), site: await sites.answer(site) } satisfies SitesAnswer<'finishOnboarding'>);
  });

  return router;
}

export function profileRoutes({ onboarding }: { onboarding: OnboardingService }): Router {
  const router = Router();
  router.patch('/', requireVerifiedCreator, json, async (req: Request, res: CreatorResponse) => {
    const input = parseInput(profileSchema, req.body);
    const user = await onboarding.updateProfile(userIdOf(res), input);
    res.json({ user: toPublicUser(user) } satisfies SitesAnswer<'updateProfile'>);
  });
  return router;
}
