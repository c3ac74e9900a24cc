/**
 * Limits and settings of messages and comments (DESIGN.md "Release 3" >
 * "Messages and comments"), shared by the studio, the public pages and the
 * server's schemas. No zod here: the studio imports these without the schemas.
 */
export const MESSAGE_MAX_CHARS = 5000;
export const COMMENT_MAX_CHARS = 2000;
/** Images a creator may attach to one message. */
export const MESSAGE_MAX_ATTACHMENTS = 4;
/** How long the author of a comment may still edit it. */
export const COMMENT_EDIT_WINDOW_MS = 15 * 60 * 1000;

/** How a comment or message whose author deleted their account is signed, wherever it is shown (docs/decisions/159). */
export const DELETED_MEMBER_NAME = 'Deleted member';

/** Who may write to the creator, or comment: nobody, any member, or paying members only. */
export const AUDIENCES = ['off', 'members', 'paid'] as const;
export type Audience = (typeof AUDIENCES)[number];
export const DEFAULT_AUDIENCE: Audience = 'members';

/** How the creator hears of unread messages: a notice a few minutes after, a daily digest, or not at all. */
export const MESSAGE_NOTICES = ['soon', 'daily', 'off'] as const;
export type MessageNotices = (typeof MESSAGE_NOTICES)[number];
