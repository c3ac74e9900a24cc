/**
 * Messages and comments (DESIGN.md "Release 3" > "Messages and comments"):
 * the creator's inbox, the member's conversation and the live events.
 */
import { Router, type RequestHandler } from 'express';
import type { Feature } from '../feature.ts';
import { commentPageRoutes } from './comment-page-routes.ts';
import { closedCommentRoutes, commentRoutes, siteCommentRoutes } from './comments-routes.ts';
import type { CommentsService } from './comments-service.ts';
import type { MessageEvents } from './message-events.ts';
import { inboxRoutes, memberMessageRoutes, messageEventRoutes } from './messages-routes.ts';
import type { MessagesService } from './messages-service.ts';
import { talkPageRoutes } from './talk-page-routes.ts';

export interface MessagingFeatureDeps {
  messages: MessagesService;
  comments: CommentsService;
  events: MessageEvents;
  sameOrigin: RequestHandler;
  /** Reads the session cookie for the page forms (the API has its own, for all of /api). */
  session: RequestHandler;
  /** The page forms step aside during maintenance, as the pages they come from do (the API has its own gate). */
  maintenance: { isOn(): boolean };
}

export function createMessagingFeature({ messages, comments, events, sameOrigin, session, maintenance }: MessagingFeatureDeps): Feature {
  return {
    name: 'messaging',
    routers: [
      { path: '/api/conversations', handler: Router().use(sameOrigin, inboxRoutes({ messages, comments })) },
      { path: '/api/sites', handler: Router().use(sameOrigin, memberMessageRoutes({ messages }), siteCommentRoutes({ comments })) },
      { path: '/api/comments', handler: Router().use(sameOrigin, commentRoutes({ comments })) },
      { path: '/api/posts', handler: Router().use(sameOrigin, closedCommentRoutes({ comments })) },
      { path: '/api/messages/events', handler: Router().use(sameOrigin, messageEventRoutes({ events })) },
      {
        path: '/',
        handler: Router().use(
          (_req, _res, next) => next(maintenance.isOn() ? 'router' : undefined),
          talkPageRoutes({ messages, session, sameOrigin }),
          commentPageRoutes({ comments, session, sameOrigin }),
        ),
      },
    ],
  };
}
