/** E-mail to members in the studio (server/newsletters/newsletters-routes.ts). */
import type { EmailVariant, PostEmailAnswer } from '../email.ts';
import type { MemberNoticeSettings } from '../member-notices.ts';
import { endpoint } from './endpoint.ts';

export interface EmailPreview {
  subject: string;
  html: string;
}

/** The send's choice, status and counts, and how many members each segment reaches. */
export const getPostEmail = endpoint<undefined, undefined, PostEmailAnswer>('GET', '/api/posts/:id/email');
/** The whole post, to the creator's own address, through the queue: 202 with the address; 429 past a few in ten minutes; 403 `site-suspended`. */
export const sendTestEmail = endpoint<undefined, undefined, { to: string }>('POST', '/api/posts/:id/test-email');
/** The e-mail as a recipient of `variant` gets it, for the studio's preview. */
export const previewPostEmail = endpoint<undefined, { variant: EmailVariant }, EmailPreview>('GET', '/api/posts/:id/email/preview');

/** The creator's welcome mail: on or off, their text (empty: `defaultText`). */
export interface WelcomeMailSettings {
  enabled: boolean;
  text: string;
  defaultText: string;
}

export const getWelcomeMail = endpoint<undefined, undefined, WelcomeMailSettings>('GET', '/api/email/welcome');
/** Turning it on welcomes members who join from now on; 409 `site-required` without a site. */
export const saveWelcomeMail = endpoint<{ enabled: boolean; text: string }, undefined, WelcomeMailSettings>('PUT', '/api/email/welcome');
export const previewWelcomeMail = endpoint<{ text: string }, undefined, EmailPreview>('POST', '/api/email/welcome/preview');

/** The creator's notices of new members and new paying members: each time, a daily digest, or off (common/member-notices.ts). */
export const getMemberNotices = endpoint<undefined, undefined, MemberNoticeSettings>('GET', '/api/email/notices');
/** 409 `site-required` without a site. */
export const saveMemberNotices = endpoint<MemberNoticeSettings, undefined, MemberNoticeSettings>('PUT', '/api/email/notices');
