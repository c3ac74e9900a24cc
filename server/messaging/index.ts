/** What other rooms use of server/messaging/ (docs/architecture.md): its public surface. */
export { accountMessages } from './account-messages.ts';
export { createCommentsService } from './comments-service.ts';
export { createMessageEvents } from './message-events.ts';
export { createMessageNotices, messageNoticeTemplates } from './message-notices.ts';
export { createMessagesService } from './messages-service.ts';
export { createMessagingFeature } from './messaging-feature.ts';
export { postComments, type CommentsSection } from './post-comments.ts';
