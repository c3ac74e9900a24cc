/**
 * /upload/posts/new and /upload/posts/:id: loads the post (if any) and hands
 * it to the editor. The editor (Tiptap) is in this screen's own chunk, so no
 * other page downloads it.
 */
import { useParams } from 'react-router';
import * as postsApi from '../../../common/api/posts.ts';
import { usePageMeta } from '../../app/usePageMeta.ts';
import { Button } from '../../components/Button.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { POST_EDITOR_PAGE } from '../../content/posts.ts';
import { call } from '../../lib/api.ts';
import { useLoad } from '../../lib/useLoad.ts';
import { PostEditor } from './editor/PostEditor.tsx';
import { PlanBanner } from '../platform-plan/PlanBanner.tsx';
import { UploadTabs } from './UploadTabs.tsx';
import './posts-page.css';

export default function PostEditorPage() {
  const { id } = useParams();
  usePageMeta({ title: POST_EDITOR_PAGE.title(Boolean(id)), robots: 'noindex' });

  return (
    <div className="post-editor-page">
      <UploadTabs />
      <h1 className="visually-hidden">{POST_EDITOR_PAGE.heading(Boolean(id))}</h1>
      <PlanBanner />
      {id ? <SavedPost key={id} id={id} /> : <PostEditor key="new" initial={null} initialHandle={null} />}
    </div>
  );
}

/** A saved post: loaded by its id, then handed to the editor. */
function SavedPost({ id }: { id: string }) {
  const { loaded, reload } = useLoad((signal) => call(postsApi.getPost, { params: { id }, signal }));
  if (loaded.state === 'loading') {
    return (
      <p className="posts-page__state" role="status">
        <Spinner size="sm" /> {POST_EDITOR_PAGE.loading}
      </p>
    );
  }
  if (loaded.state === 'failed' && loaded.code === 'not-found') {
    return (
      <div className="posts-page__state" role="alert">
        <p>{POST_EDITOR_PAGE.missing}</p>
        <Button to="/upload" variant="secondary">
          {POST_EDITOR_PAGE.backToPosts}
        </Button>
      </div>
    );
  }
  if (loaded.state === 'failed') {
    return (
      <div className="posts-page__state" role="alert">
        <p>{POST_EDITOR_PAGE.failed}</p>
        <Button variant="secondary" onClick={reload}>
          {POST_EDITOR_PAGE.tryAgain}
        </Button>
      </div>
    );
  }
  return <PostEditor key={id} initial={loaded.data.post} initialHandle={loaded.data.handle} />;
}
