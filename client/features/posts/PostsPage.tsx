/**
 * "Upload content" (/upload), the posts half: every post of the creator's
 * site, filtered by status and searched by title or excerpt, newest first.
 * The filter and the search live in the address, so a reload or the back
 * button keeps them. A page of posts comes at a time; "Load more" asks for
 * the next with the same filter and search. Editing happens in the editor
 * (PostEditorPage).
 */
import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { POST_STATUSES, type PostStatus } from '../../../common/posts.ts';
import { usePageMeta } from '../../app/usePageMeta.ts';
import { Button } from '../../components/Button.tsx';
import { EMPTY_STATES, POSTS_PAGE, STATUS_FILTERS } from '../../content/posts.ts';
import { PostList } from './PostList.tsx';
import { UploadTabs } from './UploadTabs.tsx';
import { usePostList } from './usePostList.ts';
import '../../components/FormField.css';
import './posts-page.css';

/** Typing pauses this long before the search is sent. */
const SEARCH_DELAY_MS = 300;

function statusFrom(value: string | null): PostStatus | undefined {
  return POST_STATUSES.find((status) => status === value);
}

export default function PostsPage() {
  usePageMeta({ title: POSTS_PAGE.title, robots: 'noindex' });
  const [params, setParams] = useSearchParams();
  const status = statusFrom(params.get('status'));
  const query = params.get('q') ?? '';
  const [searchText, setSearchText] = useState(query);
  const { loaded, refreshing, more, loadMore, retry } = usePostList(status, query);
  const searchId = useId();

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
        <h1 className="studio-heading">{POSTS_PAGE.heading}</h1>
        {answer && answer.handle !== null && !noPostsAtAll && <Button to="/upload/posts/new">{POSTS_PAGE.newPost}</Button>}
      </div>

      {answer?.handle === null ? (
        <div className="posts-page__empty">
          <h2>{POSTS_PAGE.noSite.heading}</h2>
          <p>{POSTS_PAGE.noSite.text}</p>
          <Button to="/onboarding">{POSTS_PAGE.noSite.action}</Button>
        </div>
      ) : noPostsAtAll ? (
        <div className="posts-page__empty">
          <h2>{EMPTY_STATES.none.heading}</h2>
          <p>{EMPTY_STATES.none.text}</p>
          <Button to="/upload/posts/new">{POSTS_PAGE.writeFirst}</Button>
        </div>
      ) : (
        <>
          <div className="posts-page__controls">
            <div className="segmented" role="group" aria-label={POSTS_PAGE.filters}>
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
                {POSTS_PAGE.search}
              </label>
              <input
                id={searchId}
                type="search"
                className="field__input"
                placeholder={POSTS_PAGE.search}
                value={searchText}
                maxLength={200}
                onChange={(event) => setSearchText(event.target.value)}
              />
            </div>
          </div>
          <PostList loaded={loaded} refreshing={refreshing} more={more} onLoadMore={() => void loadMore()} onRetry={retry} />
        </>
      )}
    </div>
  );
}
