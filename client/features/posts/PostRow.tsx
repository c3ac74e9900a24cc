/** One post in the list: its title (to the editor), status, visibility, date, and where to read it once published. */
import { Link } from 'react-router';
import { publicPostPath, type PostSummary } from '../../../common/api/posts.ts';
import { STATUS_LABELS, VISIBILITY_LABELS } from '../../content/posts.ts';
import { formatDate, formatDateTime } from './post-dates.ts';
import './status-badge.css';

function dateLine(post: PostSummary): string {
  if (post.status === 'scheduled' && post.publishedAt) return `Publishes ${formatDateTime(post.publishedAt)}`;
  if (post.status === 'published' && post.publishedAt) return `Published ${formatDate(post.publishedAt)}`;
  return `Edited ${formatDate(post.updatedAt)}`;
}

export function PostRow({ post, handle }: { post: PostSummary; handle: string | null }) {
  const title = post.title || 'Untitled';
  return (
    <li className="post-row">
      <div className="post-row__main">
        <Link to={`/upload/posts/${post.id}`} className="post-row__title">
          {title}
        </Link>
        <p className="post-row__meta">
          <span className={`status-badge status-badge--${post.status}`}>{STATUS_LABELS[post.status]}</span>
          <span>{post.visibility === 'tiers' && post.tierNames.length > 0 ? `Tiers: ${post.tierNames.join(', ')}` : VISIBILITY_LABELS[post.visibility]}</span>
          <span>{dateLine(post)}</span>
          {post.commentCount ? <span>{post.commentCount === 1 ? '1 comment' : `${post.commentCount} comments`}</span> : null}
        </p>
      </div>
      <div className="post-row__actions">
        <Link to={`/upload/posts/${post.id}`} className="post-row__action" aria-label={`Edit ${title}`}>
          Edit
        </Link>
        {post.status === 'published' && handle && (
          <a href={publicPostPath(handle, post.slug)} className="post-row__action" target="_blank" rel="noopener" aria-label={`View ${title} on your site (opens in a new tab)`}>
            View
          </a>
        )}
      </div>
    </li>
  );
}
