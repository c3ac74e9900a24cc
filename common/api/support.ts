/** /api/support (issue 20): what the support page shows, and its contact form. */
import type { SupportMessage } from '../support-schemas.ts';
import { endpoint } from './endpoint.ts';

export interface SupportInfo {
  supportEmail: string;
  version: string;
  maintenance: boolean;
}

export const supportInfo = endpoint<undefined, undefined, SupportInfo>('GET', '/api/support');
/** 202: the message is in the outbox; 429 `too-many-requests` past the limit. */
export const sendSupportMessage = endpoint<SupportMessage, undefined, { sent: true }>('POST', '/api/support/messages');
