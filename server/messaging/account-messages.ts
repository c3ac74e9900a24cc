/**
 * The member's conversation with the creator on `/@{handle}/account`: the
 * thread and a plain form that works without JavaScript (it posts to
 * /@{handle}/account/messages and comes back here with a notice). The site's
 * talk script (client/site/talk.ts) then sends without a reload and appends
 * replies as they arrive. Every text passes through `text`: markup a member
 * or the creator types is shown, never run.
 */
import type { MemberThreadAnswer, MessageJson } from '../../common/api/messages.ts';
import { MESSAGE_MAX_CHARS } from '../../common/messaging.ts';
import { formatDate, text } from '../rendering/index.ts';

export const TALK_NOTICES = ['sent', 'empty', 'limit', 'closed'] as const;
export type TalkNotice = (typeof TALK_NOTICES)[number];

const NOTICES: Record<TalkNotice, string> = {
  sent: '<p class="notice notice--success" role="status">Sent. You will see the reply here, and we e-mail you when one is waiting.</p>',
  empty: '<p class="notice notice--error" role="alert">Write a message first.</p>',
  limit: '<p class="notice notice--error" role="alert">You are sending messages faster than the creator can read them. Please wait a minute, then try again.</p>',
  closed: '<p class="notice notice--error" role="alert">The creator is not taking messages right now.</p>',
};

/** Why the member cannot write, in words; the block reads like the setting being off, on purpose. */
function refusalInWords(refusal: NonNullable<MemberThreadAnswer['refusal']>, title: string): string {
  switch (refusal) {
    case 'off':
    case 'blocked':
      return `${text(title)} is not taking messages right now.`;
    case 'not-member':
      return `Members of ${text(title)} can write to the creator.`;
    case 'not-paid':
      return `Paying members of ${text(title)} can write to the creator.`;
    case 'owner':
      return 'This is your own site: your members’ messages are in your inbox.';
  }
}

export function messageItem(message: MessageJson, creatorName: string): string {
  const who = message.sender === 'creator' ? text(creatorName) : 'You';
  const images = message.attachments.map((image) => `<img class="talk__image" src="${text(image.url)}" alt="${text(image.alt)}" loading="lazy">`).join('');
  return `<li class="talk__message talk__message--${message.sender}" data-id="${message.id}"><p class="talk__text">${text(message.text)}</p>${images}<span class="talk__meta">${who} · <time datetime="${message.createdAt}">${text(formatDate(new Date(message.createdAt)))}</time></span></li>`;
}

export function accountMessagesSection(handle: string, thread: MemberThreadAnswer, notice: TalkNotice | undefined, siteId: string): string {
  const title = thread.site.title;
  const last = thread.messages.at(-1)?.id ?? 0;
  const list = thread.messages.map((message) => messageItem(message, title)).join('');
  const empty = thread.messages.length === 0 ? `<p class="talk__empty">No messages yet. Say hello, ask a question, or tell ${text(title)} what you would like next.</p>` : '';
  const form =
    thread.refusal === null
      ? `<form class="talk__form" method="post" action="/@${text(handle)}/account/messages"><label class="account__label" for="talk-text">Write to ${text(title)}</label><textarea class="account__field" id="talk-text" name="text" rows="4" maxlength="${MESSAGE_MAX_CHARS}" required></textarea><p class="talk__error" role="alert"></p><button class="button" type="submit">Send</button></form>`
      : `<p class="talk__closed">${refusalInWords(thread.refusal, title)}</p>`;
  return `<section class="account__section talk" id="messages" aria-labelledby="messages-heading" data-talk="${text(handle)}" data-site="${text(siteId)}" data-last="${last}" data-creator="${text(title)}"><h2 id="messages-heading">Messages</h2>${notice ? NOTICES[notice] : ''}${empty}<ol class="talk__list" aria-live="polite">${list}</ol>${form}</section>`;
}

/** The section for the account page's route: the member's thread, read (which marks the creator's replies read) and rendered. */
export function accountMessages(messages: { memberThread(handle: string, userId: string): Promise<MemberThreadAnswer> }) {
  return async (site: { id: string; handle: string }, userId: string, req: { query: Record<string, unknown> }): Promise<string> => {
    const thread = await messages.memberThread(site.handle, userId);
    const notice = TALK_NOTICES.find((candidate) => candidate === req.query.talk);
    return accountMessagesSection(site.handle, thread, notice, site.id);
  };
}
