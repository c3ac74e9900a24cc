/**
 * The no-JavaScript half of the member's messages: the account page's form
 * posts here and is sent back (303) to the page with a notice. Its script
 * posts to the JSON API instead (messages-routes.ts).
 */
import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import { memberMessageSchema } from '../../common/messaging-schemas.ts';
import { AppError } from '../errors.ts';
import type { AuthLocals } from '../auth/index.ts';
import type { TalkNotice } from './account-messages.ts';
import type { MessagesService } from './messages-service.ts';
import { suspendedSiteAnswer } from './suspended-site-answer.ts';

const form = express.urlencoded({ extended: false, limit: '64kb' });

function noticeOf(error: unknown): TalkNotice {
  if (!(error instanceof AppError) || error.code === 'site-suspended') throw error;
  if (error.status === 429) return 'limit';
  if (error.status === 400) return 'empty';
  if (error.status === 403) return 'closed';
  throw error;
}

export function talkPageRoutes({ messages, session, sameOrigin }: { messages: MessagesService; session: RequestHandler; sameOrigin: RequestHandler }): Router {
  const router = Router();
  router.post('/@:handle/account/messages', sameOrigin, session, form, async (req: Request, res: Response<unknown, AuthLocals>) => {
    const handle = String(req.params.handle).toLowerCase();
    const back = `/@${encodeURIComponent(handle)}/account`;
    const userId = res.locals.auth?.user.id;
    if (!userId) return res.redirect(303, `/login?next=${encodeURIComponent(back)}`);
    const parsed = memberMessageSchema.safeParse(req.body);
    let notice: TalkNotice = 'empty';
    if (parsed.success) {
      notice = await messages.memberWrite(handle, userId, parsed.data.text).then(
        () => 'sent' as const,
        (error: unknown) => noticeOf(error),
      );
    }
    res.redirect(303, `${back}?talk=${notice}#messages`);
  });
  router.use(suspendedSiteAnswer);
  return router;
}
