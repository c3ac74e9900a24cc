/**
 * The studio's e-mail calls on a post (GET its send's figures, POST a test to
 * the creator) and the member's unsubscribe page. The one-click POST comes
 * from mail providers with no cookie and no Origin: it is the one route the
 * same-origin guard leaves open, and the signed token is its proof.
 */
import express, { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import type { AnswerOf } from '../../common/api/endpoint.ts';
import type * as emailApi from '../../common/api/email.ts';
import { EMAIL_VARIANTS, type PostEmailAnswer } from '../../common/email.ts';
import { parseInput } from '../http/index.ts';
import { requireVerifiedCreator, type AuthLocals } from '../auth/index.ts';
import { sitePageHeaders } from '../rendering/index.ts';
import type { Clock } from '../clock.ts';
import type { EmailService } from './newsletters-service.ts';
import { WELCOME_TEXT_MAX_LENGTH, type WelcomeMail } from './welcome-mail.ts';
import { unsubscribePage, type UnsubscribePageState } from './unsubscribe-page.ts';

type AuthResponse = Response<unknown, AuthLocals>;
const userId = (res: AuthResponse) => res.locals.auth!.user.id;
const previewQuery = z.object({ variant: z.enum(EMAIL_VARIANTS).default('full') });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function postEmailRoutes(email: EmailService): Router {
  const router = Router();
  router.use(requireVerifiedCreator);
  router.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });
  const postId = (req: Request) => {
    const id = String(req.params.id);
    return UUID.test(id) ? id : '00000000-0000-0000-0000-000000000000';
  };
  router.get('/:id/email', async (req: Request, res: AuthResponse) => {
    res.json((await email.status(userId(res), postId(req))) satisfies PostEmailAnswer);
  });
  router.get('/:id/email/preview', async (req: Request, res: AuthResponse) => {
    const { variant } = parseInput(previewQuery, req.query);
    res.json((await email.preview(userId(res), postId(req), variant)) satisfies AnswerOf<typeof emailApi.previewPostEmail>);
  });
  // Queued, not sent yet (test-send.ts): 202 with the address it goes to.
  router.post('/:id/test-email', async (req: Request, res: AuthResponse) => {
    res.status(202).json((await email.sendTest(userId(res), postId(req))) satisfies AnswerOf<typeof emailApi.sendTestEmail>);
  });
  return router;
}

const welcomeSchema = z.object({ enabled: z.boolean(), text: z.string().max(WELCOME_TEXT_MAX_LENGTH) });
const welcomePreviewSchema = z.object({ text: z.string().max(WELCOME_TEXT_MAX_LENGTH) });

/** /api/email/welcome: the creator's welcome mail, its text and a preview. */
export function welcomeRoutes(welcome: WelcomeMail, clock: Clock): Router {
  const router = Router();
  const json = express.json({ limit: '32kb' });
  router.use(requireVerifiedCreator);
  router.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });
  router.get('/', async (_req: Request, res: AuthResponse) => {
    res.json((await welcome.settings(userId(res))) satisfies AnswerOf<typeof emailApi.getWelcomeMail>);
  });
  router.put('/', json, async (req: Request, res: AuthResponse) => {
    const input = parseInput(welcomeSchema, req.body);
    res.json((await welcome.save(userId(res), input, clock())) satisfies AnswerOf<typeof emailApi.saveWelcomeMail>);
  });
  router.post('/preview', json, async (req: Request, res: AuthResponse) => {
    const { text } = parseInput(welcomePreviewSchema, req.body);
    res.json((await welcome.preview(userId(res), text)) satisfies AnswerOf<typeof emailApi.previewWelcomeMail>);
  });
  return router;
}

export function unsubscribeRoutes(email: EmailService, appUrl: URL): Router {
  const router = Router();
  const headers = sitePageHeaders(appUrl);
  const form = express.urlencoded({ extended: false, limit: '1kb' });

  async function answer(req: Request, res: Response, unsubscribe: boolean) {
    const handle = String(req.params.handle);
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    const found = token ? await email.membershipOfToken(handle, token) : undefined;
    let state: UnsubscribePageState = found ? 'ask' : 'invalid';
    if (found && unsubscribe) {
      await email.setSubscribed(found.membershipId, false);
      state = 'done';
    }
    const page = unsubscribePage(state, found?.site, `/@${handle}/unsubscribe?token=${encodeURIComponent(token)}`);
    headers(res, page.css);
    res.set('Cache-Control', 'no-store');
    res.status(found ? 200 : 404).type('html').send(page.html);
  }

  router.get('/@:handle/unsubscribe', (req, res) => answer(req, res, false));
  router.post('/@:handle/unsubscribe', form, (req, res) => answer(req, res, true));
  return router;
}
