/**
 * Input rules of messages and comments, checked at the server's boundary.
 * Text is kept exactly as written (apart from surrounding space) and made
 * inert where it is shown, never here: the rule is escape on output.
 */
import { z } from 'zod';
import { COMMENT_MAX_CHARS, MESSAGE_MAX_ATTACHMENTS, MESSAGE_MAX_CHARS } from './messaging.ts';
import { isStorableText } from './validation.ts';

const writing = (max: number) =>
  z
    .string({ error: 'invalid-input' })
    .trim()
    .min(1, { error: 'invalid-input' })
    .max(max, { error: 'invalid-input' })
    .refine(isStorableText, { error: 'invalid-input' });

export const memberMessageSchema = z.object({ text: writing(MESSAGE_MAX_CHARS) });

export const creatorMessageSchema = z.object({
  text: writing(MESSAGE_MAX_CHARS),
  mediaIds: z.array(z.uuid({ error: 'invalid-input' }), { error: 'invalid-input' }).max(MESSAGE_MAX_ATTACHMENTS, { error: 'invalid-input' }).default([]),
});

export const inboxQuerySchema = z.object({
  q: z.string({ error: 'invalid-input' }).trim().max(200, { error: 'invalid-input' }).optional(),
  archived: z.enum(['true', 'false'], { error: 'invalid-input' }).optional(),
  /** Opaque: the `nextCursor` of the page before (the server checks its shape). */
  cursor: z.string({ error: 'invalid-input' }).max(200, { error: 'invalid-input' }).optional(),
});

export const readSchema = z.object({ read: z.boolean({ error: 'invalid-input' }) });

export const commentSchema = z.object({
  text: writing(COMMENT_MAX_CHARS),
  parentId: z.uuid({ error: 'invalid-input' }).optional(),
});

export const commentPatchSchema = z.object({
  text: writing(COMMENT_MAX_CHARS).optional(),
  hidden: z.boolean({ error: 'invalid-input' }).optional(),
  pinned: z.boolean({ error: 'invalid-input' }).optional(),
  blockAuthor: z.literal(true, { error: 'invalid-input' }).optional(),
});
