/**
 * The inbox's loaded pages as one list (GET /api/conversations is paged by a
 * cursor): a next page appended, and a fresh first page merged on top when a
 * message arrives or the creator replies, so a conversation moves to the top
 * without throwing away the pages already scrolled through.
 */
import type { ConversationSummary, InboxAnswer } from '../../../../common/api/messages.ts';

export interface InboxList {
  conversations: ConversationSummary[];
  /** Where the next page starts; null once the last is loaded. */
  nextCursor: string | null;
  unread: number;
}

/** A next page after the loaded ones; a conversation already shown (it moved meanwhile) is not shown twice. */
export function appendPage(list: InboxList, page: InboxAnswer): InboxList {
  const shown = new Set(list.conversations.map((row) => row.id));
  return { conversations: [...list.conversations, ...page.conversations.filter((row) => !shown.has(row.id))], nextCursor: page.nextCursor, unread: page.unread };
}

/**
 * A fresh first page on top of the loaded list. `moved` is the conversation
 * that just changed: its new place is in the fresh page if it still belongs
 * to this list (newest first), so its old row goes. The cursor stays the old
 * one while older rows remain below the fresh page, since it points after them.
 */
export function mergeFirstPage(list: InboxList, first: InboxAnswer, moved?: string): InboxList {
  const fresh = new Set(first.conversations.map((row) => row.id));
  const rest = list.conversations.filter((row) => !fresh.has(row.id) && row.id !== moved);
  return { conversations: [...first.conversations, ...rest], nextCursor: rest.length > 0 ? list.nextCursor : first.nextCursor, unread: first.unread };
}

/** A conversation after an action on it (read, archive, block): replaced where it is, or gone if it left this list. */
export function replaceRow(list: InboxList, summary: ConversationSummary, archivedList: boolean): InboxList {
  const conversations = summary.archived === archivedList ? list.conversations.map((row) => (row.id === summary.id ? summary : row)) : list.conversations.filter((row) => row.id !== summary.id);
  return { ...list, conversations };
}
