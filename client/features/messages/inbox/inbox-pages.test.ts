import { describe, expect, it } from 'vitest';
import type { ConversationSummary } from '../../../../common/api/messages.ts';
import { appendPage, mergeFirstPage, replaceRow, type InboxList } from './inbox-pages.ts';

const row = (id: string, archived = false): ConversationSummary => ({
  id,
  member: { id: `user-${id}`, name: `Member ${id}`, email: `${id}@example.com` },
  lastMessage: { text: `from ${id}`, sender: 'member', createdAt: '2026-11-25T00:00:00.000Z' },
  unread: 1,
  archived,
  blocked: false,
});
const list = (ids: string[], nextCursor: string | null): InboxList => ({ conversations: ids.map((id) => row(id)), nextCursor, unread: ids.length });
const ids = (inbox: InboxList) => inbox.conversations.map((item) => item.id);

describe('the inbox pages', () => {
  it('appends a next page, without a conversation that moved up into the pages already shown', () => {
    const next = appendPage(list(['a', 'b'], 'after-b'), { conversations: [row('b'), row('c')], nextCursor: null, unread: 3 });
    expect(ids(next)).toEqual(['a', 'b', 'c']);
    expect(next.nextCursor).toBeNull();
  });

  it('moves a conversation from the older pages to the top, keeping the cursor that points after them', () => {
    const shown = list(['a', 'b', 'c', 'd'], 'after-d');
    const merged = mergeFirstPage(shown, { conversations: [row('d'), row('a')], nextCursor: 'after-a', unread: 4 }, 'd');
    expect(ids(merged)).toEqual(['d', 'a', 'b', 'c']);
    expect(merged.nextCursor).toBe('after-d');
  });

  it('drops a conversation that changed and no longer belongs to the list (a message took it out of the archive)', () => {
    const merged = mergeFirstPage(list(['x', 'y'], null), { conversations: [row('y')], nextCursor: null, unread: 0 }, 'x');
    expect(ids(merged)).toEqual(['y']);
  });

  it('takes the fresh cursor when the fresh page holds everything shown', () => {
    const merged = mergeFirstPage(list(['a', 'b'], 'after-b'), { conversations: [row('new'), row('a'), row('b')], nextCursor: 'after-b-again', unread: 3 }, 'new');
    expect(ids(merged)).toEqual(['new', 'a', 'b']);
    expect(merged.nextCursor).toBe('after-b-again');
  });

  it('replaces a row in place after an action, or removes it when it left the list', () => {
    const shown = list(['a', 'b'], null);
    expect(replaceRow(shown, { ...row('b'), unread: 0 }, false).conversations[1]!.unread).toBe(0);
    expect(ids(replaceRow(shown, row('b', true), false))).toEqual(['a']);
    expect(ids(replaceRow(list(['z'], null), row('z', false), true))).toEqual([]);
  });
});
