/**
 * The HTTP side of messages: the creator's inbox under /api/conversations, the
 * member's own conversation under /api/sites/:handle/messages, and the live
 * events at /api/messages/events. Parse with common/ schemas, call one
 * function of the service, answer (common/api/messages.ts).
 */
import express, { Router, type Request, type Response } from 'express';
import type { AnswerOf } from '../../common/api/endpoint.ts';
import type * as messagesApi from '../../common/api/messages.ts';
import { creatorMessageSchema, inboxQuerySchema, memberMessageSchema, readSchema } from '../../common/messaging-schemas.ts';
import { AppError } from '../errors.ts';
import { requireUser, requireVerifiedCreator, type AuthLocals } from '../auth/index.ts';
import { parseInput } from '../http/index.ts';
import type { CommentsService } from './comments-service.ts';
import type { MessageEvents } from './message-events.ts';
import type { MessagesService } from './messages-service.ts';

type SignedIn = Response<unknown, Required<AuthLocals>>;
type Answer<Name extends keyof typeof messagesApi> = (typeof messagesApi)[Name] extends infer E ? AnswerOf<E> : never;

const userId = (res: SignedIn) => res.locals.auth.user.id;
const idOf = (req: Request) => String(req.params.id);
/** 5,000 characters of text, a few ids, and JSON's escapes. */
const json = express.json({ limit: '64kb' });

const noStore: express.RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  next();
};

export function inboxRoutes({ messages, comments }: { messages: MessagesService; comments: Pick<CommentsService, 'byMember'> }): Router {
  const router = Router();
  router.use(requireVerifiedCreator, noStore);

  router.get('/member/:membershipId', async (req: Request, res: SignedIn) => {
    const { userId: memberId, handle, thread } = await messages.withMember(userId(res), String(req.params.membershipId));
    const written = await comments.byMember(userId(res), memberId);
    res.json({
      handle,
      thread,
      comments: written.map((comment) => ({ ...comment, createdAt: comment.createdAt.toISOString() })),
    } satisfies Answer<'memberActivity'>);
  });

  router.get('/', async (req: Request, res: SignedIn) => {
    res.json((await messages.inbox(userId(res), parseInput(inboxQuerySchema, req.query))) satisfies Answer<'listConversations'>);
  });
  router.get('/unread', async (_req: Request, res: SignedIn) => {
    res.json({ unread: await messages.unread(userId(res)) } satisfies Answer<'unreadMessages'>);
  });
  router.get('/:id/messages', async (req: Request, res: SignedIn) => {
    res.json((await messages.thread(userId(res), idOf(req))) satisfies Answer<'getThread'>);
  });
  router.post('/:id/messages', json, async (req: Request, res: SignedIn) => {
    const input = parseInput(creatorMessageSchema, req.body);
    res.status(201).json({ message: await messages.reply(userId(res), idOf(req), input) } satisfies Answer<'reply'>);
  });
  router.post('/:id/read', json, async (req: Request, res: SignedIn) => {
    const { read } = parseInput(readSchema, req.body);
    res.json((await messages.markRead(userId(res), idOf(req), read)) satisfies Answer<'markRead'>);
  });
  router.post('/:id/archive', async (req: Request, res: SignedIn) => {
    res.json((await messages.setArchived(userId(res), idOf(req), true)) satisfies Answer<'archive'>);
  });
  router.delete('/:id/archive', async (req: Request, res: SignedIn) => {
    res.json((await messages.setArchived(userId(res), idOf(req), false)) satisfies Answer<'unarchive'>);
  });
  router.post('/:id/block', async (req: Request, res: SignedIn) => {
    res.json((await messages.setBlocked(userId(res), idOf(req), true)) satisfies Answer<'blockMember'>);
  });
  router.delete('/:id/block', async (req: Request, res: SignedIn) => {
    res.json((await messages.setBlocked(userId(res), idOf(req), false)) satisfies Answer<'unblockMember'>);
  });
  return router;
}

export function memberMessageRoutes({ messages }: { messages: MessagesService }): Router {
  const router = Router();
  router.get('/:handle/messages', requireUser, noStore, async (req: Request, res: SignedIn) => {
    res.json((await messages.memberThread(String(req.params.handle), userId(res))) satisfies Answer<'memberThread'>);
  });
  router.post('/:handle/messages', requireUser, noStore, json, async (req: Request, res: SignedIn) => {
    const { text } = parseInput(memberMessageSchema, req.body);
    res.status(201).json({ message: await messages.memberWrite(String(req.params.handle), userId(res), text) } satisfies Answer<'memberWrite'>);
  });
  return router;
}

/** `Last-Event-ID` as the browser resends it on reconnect (or `?lastEventId=` for a fresh page that knows where it stopped). */
function lastEventIdOf(req: Request): number | undefined {
  const raw = req.get('Last-Event-ID') ?? (typeof req.query.lastEventId === 'string' ? req.query.lastEventId : undefined);
  if (raw === undefined || !/^\d{1,15}$/.test(raw)) return undefined;
  return Number(raw);
}

export function messageEventRoutes({ events }: { events: MessageEvents }): Router {
  const router = Router();
  router.get('/', requireUser, async (req: Request, res: SignedIn) => {
    if (!events.hasRoom(userId(res))) throw new AppError('too-many-requests', 429, undefined, 30);
    await events.open(userId(res), res, lastEventIdOf(req), (res.locals as { domainSite?: { siteId: string } }).domainSite?.siteId);
  });
  return router;
}
