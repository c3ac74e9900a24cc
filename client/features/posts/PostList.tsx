/** The posts list of /upload under its filter: loading, failure, empty, the page shown and "Load more". */
import { useEffect, useRef } from 'react';
import { BusyButton } from '../../components/BusyButton.tsx';
import { Button } from '../../components/Button.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { EMPTY_STATES, LIST_PAGING, POSTS_PAGE } from '../../content/posts.ts';
import { PostRow } from './PostRow.tsx';
import type { Loaded, More } from './usePostList.ts';

interface PostListProps {
  loaded: Loaded;
  /** The list shown answers the previous filter; the new one is on its way. */
  refreshing: boolean;
  more: More;
  onLoadMore: () => void;
  onRetry: () => void;
}

export function PostList({ loaded, refreshing, more, onLoadMore, onRetry }: PostListProps) {
  const list = useRef<HTMLUListElement>(null);
  const shownBefore = useRef(0);
  const count = loaded.state === 'ready' ? loaded.answer.posts.length : 0;

  useEffect(() => {
    // After "Load more", focus goes to the first post it brought, where reading continues.
    if (shownBefore.current > 0 && count > shownBefore.current) list.current?.children[shownBefore.current]?.querySelector('a')?.focus();
    shownBefore.current = 0;
  }, [count]);

  if (loaded.state === 'loading') {
    return (
      <p className="posts-page__state" role="status">
        <Spinner size="sm" /> {POSTS_PAGE.loading}
      </p>
    );
  }
  if (loaded.state === 'failed') {
    return (
      <div className="posts-page__state" role="alert">
        <p>{loaded.offline ? POSTS_PAGE.offline : POSTS_PAGE.failed}</p>
        <Button variant="secondary" onClick={onRetry}>
          {POSTS_PAGE.tryAgain}
        </Button>
      </div>
    );
  }
  const { posts, handle, counts, nextCursor } = loaded.answer;
  const { status, query } = loaded.filter;
  if (posts.length === 0) {
    return (
      <p className="posts-page__state" role="status">
        {query ? EMPTY_STATES.search(query) : EMPTY_STATES[status ?? 'published']}
      </p>
    );
  }
  const total = counts[status ?? 'all'];
  return (
    <>
      <p className={nextCursor ? 'posts-page__shown' : 'visually-hidden'} role="status">
        {LIST_PAGING.shown(posts.length, total)}
      </p>
      <ul className="post-list" ref={list} aria-busy={refreshing}>
        {posts.map((post) => (
          <PostRow key={post.id} post={post} handle={handle} />
        ))}
      </ul>
      {nextCursor && (
        <div className="posts-page__more">
          <BusyButton
            variant="secondary"
            busy={more === 'loading' || refreshing}
            onClick={() => {
              shownBefore.current = posts.length;
              onLoadMore();
            }}
          >
            {LIST_PAGING.loadMore}
          </BusyButton>
          {more === 'failed' && (
            <p className="posts-page__more-failed" role="alert">
              {LIST_PAGING.failed}
            </p>
          )}
        </div>
      )}
    </>
  );
}
