/**
 * The posts list's data: the first page for the filter and search in the
 * address, and "Load more" for the next page with the same filter and search.
 * While a new filter's list is on its way the old one stays, marked
 * `refreshing`; a "Load more" still on its way is aborted with the list it
 * would extend when the filter or the search changes.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import * as postsApi from '../../../common/api/posts.ts';
import type { PostStatus } from '../../../common/posts.ts';
import { useLatestLoad } from '../../app/useLatestLoad.ts';
import { call } from '../../lib/api.ts';

/** A ready list remembers the filter it answers: while a new filter's list is on its way, the old one stays shown but busy. */
export interface ListFilter {
  status: PostStatus | undefined;
  query: string;
}
export type Loaded = { state: 'loading' } | { state: 'failed'; offline: boolean } | { state: 'ready'; answer: postsApi.PostsAnswer; filter: ListFilter };
export type More = 'idle' | 'loading' | 'failed';

const sameFilter = (one: ListFilter, other: ListFilter) => one.status === other.status && one.query === other.query;

export function usePostList(status: PostStatus | undefined, query: string) {
  const filter = useMemo<ListFilter>(() => ({ status, query }), [status, query]);
  const [more, setMore] = useState<More>('idle');
  const list = useLatestLoad(filter, (asked, signal) =>
    call(postsApi.listPosts, { query: { status: asked.status, q: asked.query || undefined }, signal }).then((answer) => {
      setMore('idle');
      return answer;
    }),
  );
  // Aborted with the list it would extend, when the filter or the search changes.
  const moreRequest = useRef<AbortController>(undefined);
  useEffect(() => () => moreRequest.current?.abort(), [filter]);

  const loaded: Loaded = list.failed
    ? { state: 'failed', offline: list.failed.code === 'network-request-failed' }
    : list.ready
      ? { state: 'ready', answer: list.ready.data, filter: list.ready.key }
      : { state: 'loading' };
  const refreshing = loaded.state === 'ready' && !sameFilter(loaded.filter, filter);

  const loadMore = async () => {
    if (loaded.state !== 'ready' || refreshing) return;
    const cursor = loaded.answer.nextCursor;
    if (!cursor) return;
    const controller = new AbortController();
    moreRequest.current = controller;
    setMore('loading');
    try {
      const next = await call(postsApi.listPosts, { query: { status, q: query || undefined, cursor }, signal: controller.signal });
      list.replace({ ...next, posts: [...loaded.answer.posts, ...next.posts] });
      setMore('idle');
    } catch {
      if (!controller.signal.aborted) setMore('failed');
    }
  };

  const retry = () => {
    list.forget();
    list.reload();
  };

  return { loaded, refreshing, more, loadMore, retry };
}
