/**
 * On a member's page in /subscribers: their latest messages with the creator
 * (and the way to the whole conversation) and their comments on the site.
 */
import { Link } from 'react-router';
import { publicPostPath } from '../../../../common/api/posts.ts';
import * as messagesApi from '../../../../common/api/messages.ts';
import { LoadFailed, Loading } from '../../../components/LoadStatus.tsx';
import { call } from '../../../lib/api.ts';
import { useLoad } from '../../../lib/useLoad.ts';
import { whenOf } from './when.ts';
import './messages.css';
import './thread.css';

const SHOWN_MESSAGES = 5;

export function MemberTalk({ membershipId }: { membershipId: string }) {
  const { loaded, reload } = useLoad((signal) => call(messagesApi.memberActivity, { params: { membershipId }, signal }));
  return (
    <section aria-labelledby="member-talk" className="member-talk">
      <h2 id="member-talk">Messages and comments</h2>
      {loaded.state === 'loading' && <Loading>Loading their messages and comments…</Loading>}
      {loaded.state === 'failed' && <LoadFailed message="Their messages and comments could not be loaded." onRetry={reload} />}
      {loaded.state === 'ready' && <Activity activity={loaded.data} />}
    </section>
  );
}

function Activity({ activity }: { activity: messagesApi.MemberActivityAnswer }) {
  const { thread, comments, handle } = activity;
  return (
    <div className="member-talk__columns">
      <div>
        <h3>Messages</h3>
        {thread ? (
          <>
            <ol className="member-talk__list">
              {thread.messages.slice(-SHOWN_MESSAGES).map((message) => (
                <li key={message.id}>
                  <span className="member-talk__meta">
                    {message.sender === 'creator' ? 'You' : 'They'} · <time dateTime={message.createdAt}>{whenOf(message.createdAt)}</time>
                  </span>
                  <p className="thread__text">{message.text}</p>
                </li>
              ))}
            </ol>
            <Link to={`/messages?c=${thread.conversation.id}`}>Open the conversation</Link>
          </>
        ) : (
          <p>No messages yet.</p>
        )}
      </div>
      <div>
        <h3>Comments</h3>
        {comments.length === 0 ? (
          <p>No comments yet.</p>
        ) : (
          <ol className="member-talk__list">
            {comments.map((comment) => (
              <li key={comment.id}>
                <span className="member-talk__meta">
                  On <a href={`${publicPostPath(handle, comment.postSlug)}#comment-${comment.id}`}>{comment.postTitle}</a> · <time dateTime={comment.createdAt}>{whenOf(comment.createdAt)}</time>
                  {comment.hidden && ' · hidden'}
                </span>
                <p className="thread__text">{comment.text}</p>
              </li>
            ))}
          </ol>
        )}
      </div>
    </div>
  );
}
