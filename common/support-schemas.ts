/** The /support contact form (issue 20), checked alike in the browser and on the server. */
import { z } from 'zod';
import { SUPPORT_MESSAGE_MAX, SUPPORT_SUBJECT_MAX } from './support-limits.ts';

export const supportMessageSchema = z.object({
  subject: z.string().trim().min(1, { error: 'invalid-input' }).max(SUPPORT_SUBJECT_MAX, { error: 'invalid-input' }),
  message: z.string().trim().min(1, { error: 'invalid-input' }).max(SUPPORT_MESSAGE_MAX, { error: 'invalid-input' }),
});
export type SupportMessage = z.output<typeof supportMessageSchema>;
