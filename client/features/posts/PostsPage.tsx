/**
 * "Upload content" (/upload), the posts half: every post of the creator's
 * site, filtered by status and searched by title or excerpt, newest first.
 * The filter and the search live in the address, so a reload or the back
 * button keeps them. A page of posts comes at a time; "Load more" asks for
 * the next with the same filter and search. Editing happens in the editor
 * (PostEditorPage).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import * as postsApi from '../../../common/api/posts.ts';
import { POST_STATUSES, type PostStatus } from '../../../common/posts.ts';
import { usePageMeta } from '../../app/usePageMeta.ts';
import { BusyButton } from '../../components/BusyButton.tsx';
import { Button } from '../../components/Button.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { EMPTY_STATES, LIST_PAGING, STATUS_FILTERS } from '../../content/posts.ts';
import { call, toErrorCode } from '../../lib/api.ts';
import { PostRow } from './PostRow.tsx';
import { UploadTabs } from './UploadTabs.tsx';
import '../../components/FormField.css';
import './posts-page.css';

/** A ready list remembers the filter it answers: while a new filter's list is on its way, the old one stays shown but busy. */
interface ListFilter {
  status: PostStatus | undefined;
  query: string;
}
type Loaded = { state: 'loading' } | { state: 'failed'; offline: boolean } | { state: 'ready'; answer: postsApi.PostsAnswer; filter: ListFilter };
type More = 'idle' | 'loading' | 'failed';

/** Typing pauses this long before the search is sent. */
const SEARCH_DELAY_MS = 300;

function statusFrom(value: string | null): PostStatus | undefined {
  return POST_STATUSES.find((status) => status === value);
}

export default function PostsPage() {
  usePageMeta({ title: 'Posts | Creator Platform', robots: 'noindex' });
  const [params, setParams] = useSearchParams();
  const status = statusFrom(params.get('status'));
  const query = params.get('q') ?? '';
  const [searchText, setSearchText] = useState(query);
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [more, setMore] = useState<More>('idle');
  // Aborted with the list it would extend, when the filter or the search changes.
  const listRequest = useRef<AbortController>(undefined);
  const searchId = useId();

  useEffect(() => {
    const controller = new AbortController();
    listRequest.current = controller;
    call(postsApi.listPosts, { query: { status, q: query || undefined }, signal: controller.signal })
      .then((answer) => {
        setMore('idle');
        setLoaded({ state: 'ready', answer, filter: { status, query } });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setLoaded({ state: 'failed', offline: toErrorCode(error) === 'network-request-failed' });
      });
    return () => controller.abort();
  }, [status, query, attempt]);

  const loadMore = async () => {
    if (loaded.state !== 'ready' || loaded.filter.status !== status || loaded.filter.query !== query) return;
    const cursor = loaded.answer.nextCursor;
    const signal = listRequest.current?.signal;
    if (!cursor || !signal) return;
    setMore('loading');
    try {
      const next = await call(postsApi.listPosts, { query: { status, q: query || undefined, cursor }, signal });
      setLoaded((current) => (current.state === 'ready' ? { ...current, answer: { ...next, posts: [...current.answer.posts, ...next.posts] } } : current));
      setMore('idle');
    } catch {
      if (!signal.aborted) setMore('failed');
    }
  };

  useEffect(() => {
    if (searchText.trim() === query) return;
    const timer = setTimeout(() => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (searchText.trim()) next.set('q', searchText.trim());
          else next.delete('q');
          return next;
        },
        { replace: true },
      );
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchText, query, setParams]);

  const chooseStatus = (next: PostStatus | undefined) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next) updated.set('status', next);
      else updated.delete('status');
      return updated;
    });

  const answer = loaded.state === 'ready' ? loaded.answer : undefined;
  const noPostsAtAll = answer !== undefined && answer.counts.all === 0 && !query;

  return (
    <div className="posts-page">
      <UploadTabs />
      <div className="studio-header">
        <h1 className="studio-heading">Posts</h1>
        {answer && answer.handle !== null && !noPostsAtAll && <Button to="/upload/posts/new">New post</Button>}
      </div>

      {answer?.handle === null ? (
        <div className="posts-page__empty">
          <h2>Set up your site first</h2>
          <p>Your posts live on your site. Choose its address and title, then come back to write.</p>
          <Button to="/onboarding">Set up my site</Button>
        </div>
      ) : noPostsAtAll ? (
        <div className="posts-page__empty">
          <h2>{EMPTY_STATES.none.heading}</h2>
          <p>{EMPTY_STATES.none.text}</p>
          <Button to="/upload/posts/new">Write a post</Button>
        </div>
      ) : (
        <>
          <div className="posts-page__controls">
            <div className="segmented" role="group" aria-label="Show posts">
              {STATUS_FILTERS.map((filter) => (
                <button
                  key={filter.label}
                  type="button"
                  className="segmented__option"
                  aria-pressed={status === filter.status}
                  onClick={() => chooseStatus(filter.status)}
                >
                  {filter.label}
                  {answer && <span className="segmented__count">{answer.counts[filter.countKey]}</span>}
                </button>
              ))}
            </div>
            <div className="posts-page__search">
              <label htmlFor={searchId} className="visually-hidden">
                Search posts
              </label>
              <input
                id={searchId}
                type="search"
                className="field__input"
                placeholder="Search posts"
                value={searchText}
                maxLength={200}
                onChange={(event) => setSearchText(event.target.value)}
              />
            </div>
          </div>
          <PostList loaded={loaded} refreshing={loaded.state === 'ready' && (loaded.filter.status !== status || loaded.filter.query !== query)} more={more} onLoadMore={() => void loadMore()} onRetry={() => {
              setLoaded({ state: 'loading' });
              setAttempt((count) => count + 1);
            }} />
        </>
      )}
    </div>
  );
}

interface PostListProps {
  loaded: Loaded;
  /** The list shown answers the previous filter; the new one is on its way. */
  refreshing: boolean;
  more: More;
  onLoadMore: () => void;
  onRetry: () => void;
}

function PostList({ loaded, refreshing, more, onLoadMore, onRetry }: PostListProps) {
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
        <Spinner size="sm" /> Loading posts…
      </p>
    );
  }
  if (loaded.state === 'failed') {
    return (
      <div className="posts-page__state" role="alert">
        <p>{loaded.offline ? 'Could not reach the server. Check your connection.' : 'Your posts could not be loaded.'}</p>
        <Button variant="secondary" onClick={onRetry}>
          Try again
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
