/**
 * /preview-page (issue 9, item 6): the creator's site in a frame as a visitor
 * sees it, at phone or desktop width, and the drafts and scheduled posts that
 * only the creator can preview (`?preview=1`, never public). The site itself
 * is the server-rendered public site; this page only frames it.
 */
import { useState } from 'react';
import { getSitePreview, type PreviewPost } from '../../../common/api/site-preview.ts';
import { usePageMeta } from '../../app/usePageMeta.ts';
import { Button } from '../../components/Button.tsx';
import { LiveMessage } from '../../components/LiveMessage.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { call } from '../../lib/api.ts';
import { useLoad } from '../../lib/useLoad.ts';
import { framedUrl, type Viewer } from './preview-url.ts';
import './preview-page.css';

type Width = 'mobile' | 'desktop';

const DATE_TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function postWhen(post: PreviewPost): string {
  if (post.status === 'scheduled' && post.publishAt) return `Scheduled for ${DATE_TIME.format(new Date(post.publishAt))}`;
  return `Last edited ${DATE_TIME.format(new Date(post.updatedAt))}`;
}

function Segmented<T extends string>({ label, value, options, onChange }: { label: string; value: T; options: { value: T; label: string }[]; onChange: (value: T) => void }) {
  return (
    <div className="preview__segmented" role="group" aria-label={label}>
      {options.map((option) => (
        <button key={option.value} type="button" className="preview__segment" aria-pressed={value === option.value} onClick={() => onChange(option.value)}>
          {option.label}
        </button>
      ))}
    </div>
  );
}

export default function PreviewPage() {
  usePageMeta({ title: 'Preview page | Creator Platform', robots: 'noindex' });
  const { loaded: load, reload: retry } = useLoad((signal) => call(getSitePreview, { signal }));
  const [width, setWidth] = useState<Width>('desktop');
  const [viewer, setViewer] = useState<Viewer>('visitor');
  const [page, setPage] = useState<{ url: string; title: string } | undefined>();

  if (load.state === 'loading') {
    return (
      <section className="preview" aria-busy="true">
        <h1 className="preview__heading">Preview your site</h1>
        <p className="preview__loading">
          <Spinner size="sm" /> Loading your site…
        </p>
      </section>
    );
  }
  if (load.state === 'failed') {
    return (
      <section className="preview">
        <h1 className="preview__heading">Preview your site</h1>
        <LiveMessage tone="error">We could not load your site. Please check your connection and try again.</LiveMessage>
        <Button variant="secondary" onClick={retry}>
          Try again
        </Button>
      </section>
    );
  }
  const { site, posts } = load.data;
  if (!site) {
    return (
      <section className="preview">
        <h1 className="preview__heading">Preview your site</h1>
        <p className="preview__text">You have not set up your site yet. Choose its address and title first, then come back to see it here.</p>
        <Button to="/onboarding">Set up your site</Button>
      </section>
    );
  }

  const shown = page ?? { url: site.url, title: 'Home' };
  const frameSrc = framedUrl(shown.url, viewer);
  return (
    <section className="preview" aria-labelledby="preview-heading">
      <h1 id="preview-heading" className="preview__heading">
        Preview your site
      </h1>
      <p className="preview__text">
        {site.published ? (
          <>
            Your site is live at <a href={site.url}>{`${window.location.host}${site.url}`}</a>.
          </>
        ) : (
          'Your site is not published yet: only you can see it.'
        )}
      </p>

      <div className="preview__toolbar">
        <Segmented
          label="Width"
          value={width}
          onChange={setWidth}
          options={[
            { value: 'mobile', label: 'Mobile' },
            { value: 'desktop', label: 'Desktop' },
          ]}
        />
        <Segmented
          label="See it as"
          value={viewer}
          onChange={setViewer}
          options={[
            { value: 'visitor', label: 'A visitor' },
            { value: 'owner', label: 'You' },
          ]}
        />
        <div className="preview__toolbar-end">
          {page && (
            <button type="button" className="preview__link-button" onClick={() => setPage(undefined)}>
              Back to the home page
            </button>
          )}
          <a href={frameSrc} target="_blank" rel="noopener">
            Open in a new tab
          </a>
        </div>
      </div>

      <div className={`preview__stage preview__stage--${width}`}>
        <iframe key={frameSrc} className="preview__frame" src={frameSrc} title={`Preview of ${shown.title}, as ${viewer === 'visitor' ? 'a visitor' : 'you'} see it`} />
      </div>

      <section className="preview__posts" aria-labelledby="unpublished-heading">
        <h2 id="unpublished-heading">Drafts and scheduled posts</h2>
        <p className="preview__text">Only you can preview these. Nobody else can open them until they are published.</p>
        {posts.length === 0 ? (
          <p className="preview__empty">
            No drafts or scheduled posts: everything you have written is live. <a href="/upload">Write a new post</a>
          </p>
        ) : (
          <ul className="preview__list">
            {posts.map((post) => (
              <li key={post.id} className="preview__item">
                <div>
                  <p className="preview__item-title">{post.title || 'Untitled'}</p>
                  <p className="preview__item-meta">
                    <span className={`preview__badge preview__badge--${post.status}`}>{post.status === 'scheduled' ? 'Scheduled' : 'Draft'}</span> {postWhen(post)}
                  </p>
                </div>
                <button
                  type="button"
                  className="preview__item-action"
                  aria-label={`Preview “${post.title || 'Untitled'}”`}
                  aria-pressed={page?.url === post.previewUrl}
                  onClick={() => setPage({ url: post.previewUrl, title: post.title || 'Untitled' })}
                >
                  Preview
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}
