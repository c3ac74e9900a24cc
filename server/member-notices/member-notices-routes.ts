/** /api/email/notices: how the creator hears of new members and new paying members (mounted by the newsletters feature, beside the welcome mail). */
import express, { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import type { AnswerOf } from '../../common/api/endpoint.ts';
import type * as emailApi from '../../common/api/email.ts';
import { MEMBER_NOTICE_CHOICES } from '../../common/member-notices.ts';
import { requireVerifiedCreator, type AuthLocals } from '../auth/index.ts';
import { parseInput } from '../http/index.ts';
import type { MemberNotices } from './member-notices-service.ts';

type AuthResponse = Response<unknown, AuthLocals>;
const userId = (res: AuthResponse) => res.locals.auth!.user.id;

const noticesSchema = z.strictObject({ newMember: z.enum(MEMBER_NOTICE_CHOICES), newPayingMember: z.enum(MEMBER_NOTICE_CHOICES) });

/** /api/email/notices: how the creator hears of new members and new paying members. */
export function memberNoticesRoutes(notices: MemberNotices): Router {
  const router = Router();
  router.use(requireVerifiedCreator);
  router.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });
  router.get('/', async (_req: Request, res: AuthResponse) => {
    res.json((await notices.settings(userId(res))) satisfies AnswerOf<typeof emailApi.getMemberNotices>);
  });
  router.put('/', express.json({ limit: '1kb' }), async (req: Request, res: AuthResponse) => {
    const input = parseInput(noticesSchema, req.body);
    res.json((await notices.save(userId(res), input)) satisfies AnswerOf<typeof emailApi.saveMemberNotices>);
  });
  return router;
}
