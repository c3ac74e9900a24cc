/**
 * /upload/posts/new and /upload/posts/:id: loads the post (if any) and hands
 * it to the editor. The editor (Tiptap) is in this screen's own chunk, so no
 * other page downloads it.
 */
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import * as postsApi from '../../../common/api/posts.ts';
import { usePageMeta } from '../../app/usePageMeta.ts';
import { Button } from '../../components/Button.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { call, toErrorCode } from '../../lib/api.ts';
import { PostEditor } from './editor/PostEditor.tsx';
import { PlanBanner } from '../platform-plan/PlanBanner.tsx';
import { UploadTabs } from './UploadTabs.tsx';
import './posts-page.css';

type Loaded = { state: 'loading' } | { state: 'missing' } | { state: 'failed' } | { state: 'ready'; answer: postsApi.PostAnswer | null };

export default function PostEditorPage() {
  const { id } = useParams();
  usePageMeta({ title: `${id ? 'Edit post' : 'New post'} | Creator Platform`, robots: 'noindex' });
  const [loaded, setLoaded] = useState<Loaded>(id ? { state: 'loading' } : { state: 'ready', answer: null });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!id) return;
    const controller = new AbortController();
    call(postsApi.getPost, { params: { id }, signal: controller.signal })
      .then((answer) => setLoaded({ state: 'ready', answer }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setLoaded({ state: toErrorCode(error) === 'not-found' ? 'missing' : 'failed' });
      });
    return () => controller.abort();
  }, [id, attempt]);

  return (
    <div className="post-editor-page">
      <UploadTabs />
      <h1 className="visually-hidden">{id ? 'Edit post' : 'New post'}</h1>
      <PlanBanner />
      {loaded.state === 'loading' && (
        <p className="posts-page__state" role="status">
          <Spinner size="sm" /> Loading the post…
        </p>
      )}
      {loaded.state === 'missing' && (
        <div className="posts-page__state" role="alert">
          <p>This post does not exist. It may have been deleted.</p>
          <Button to="/upload" variant="secondary">
            Back to posts
          </Button>
        </div>
      )}
      {loaded.state === 'failed' && (
        <div className="posts-page__state" role="alert">
          <p>The post could not be loaded.</p>
          <Button variant="secondary" onClick={() => setAttempt((count) => count + 1)}>
            Try again
          </Button>
        </div>
      )}
      {loaded.state === 'ready' && <PostEditor key={id ?? 'new'} initial={loaded.answer?.post ?? null} initialHandle={loaded.answer?.handle ?? null} />}
    </div>
  );
}
