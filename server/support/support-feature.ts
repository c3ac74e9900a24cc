/** The support feature: GET /api/support and POST /api/support/messages (common/api/support.ts). */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import type { AnswerOf } from '../../common/api/endpoint.ts';
import type * as supportApi from '../../common/api/support.ts';
import { supportMessageSchema } from '../../common/support-schemas.ts';
import type { Feature } from '../feature.ts';
import { requireVerifiedCreator, type AuthLocals } from '../auth/index.ts';
import { parseInput } from '../http/index.ts';
import type { SupportService } from './support-service.ts';

/** The server's version as released: package.json sits in the working directory, in the repository and in the image alike. */
function serverVersion(): string {
  try {
    const { version } = JSON.parse(readFileSync(resolve('package.json'), 'utf8')) as { version?: unknown };
    return typeof version === 'string' ? version : 'unknown';
  } catch {
    return 'unknown';
  }
}

export function createSupportFeature({ support, maintenance, sameOrigin }: { support: SupportService; maintenance: { isOn(): boolean }; sameOrigin: RequestHandler }): Feature {
  const version = serverVersion();
  const router = Router().use(sameOrigin, requireVerifiedCreator);
  router.get('/', (_req: Request, res: Response) => {
    res.set('Cache-Control', 'no-store').json({ supportEmail: support.supportEmail, version, maintenance: maintenance.isOn() } satisfies AnswerOf<typeof supportApi.supportInfo>);
  });
  router.post('/messages', express.json({ limit: '32kb' }), async (req: Request, res: Response<unknown, AuthLocals>) => {
    const input = parseInput(supportMessageSchema, req.body);
    await support.send(res.locals.auth!.user.id, input);
    res.status(202).json({ sent: true } satisfies AnswerOf<typeof supportApi.sendSupportMessage>);
  });
  return { name: 'support', routers: [{ path: '/api/support', handler: router }] };
}
