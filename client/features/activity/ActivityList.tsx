/** The events of Recent Activity, each linked to its member or post; shared by the activity page and the overview's latest five. */
import { Link } from 'react-router';
import { ACTIVITY_LABELS } from '../../../common/activity.ts';
import type { ActivityEvent } from '../../../common/api/reports.ts';
import './activity.css';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function Subject({ event }: { event: ActivityEvent }) {
  if (event.post) return <Link to={`/upload/posts/${event.post.id}`}>{event.post.title || 'Untitled post'}</Link>;
  if (event.member) return <Link to={`/subscribers/${event.member.id}`}>{event.member.name || event.member.email}</Link>;
  return <span>Someone no longer on your site</span>;
}

export function ActivityList({ events }: { events: readonly ActivityEvent[] }) {
  return (
    <ol className="activity-list">
      {events.map((event) => (
        <li key={event.id} className="activity-list__item">
          <span className={`activity-list__type activity-list__type--${event.type}`}>{ACTIVITY_LABELS[event.type]}</span>
          <span className="activity-list__subject">
            <Subject event={event} />
            {event.detail && <span className="activity-list__detail">{event.detail}</span>}
          </span>
          <time className="activity-list__time" dateTime={event.occurredAt}>
            {when(event.occurredAt)}
          </time>
        </li>
      ))}
    </ol>
  );
}
