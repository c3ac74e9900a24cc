/**
 * The events of Recent Activity, each linked to its member or post; shared by the activity page and the overview's
 * latest five. A payment's event (a tip, a gift, a product, a refund) says who paid what, with the buyer's message as
 * text, and links to its section of Earn.
 */
import { Link } from 'react-router';
import { ACTIVITY_LABELS } from '../../../common/activity.ts';
import type { ActivityEvent, ActivitySale } from '../../../common/api/reports.ts';
import type { SaleKind } from '../../../common/earn.ts';
import { formatMoney } from '../../../common/money.ts';
import './activity.css';

const EARN_SECTION: Record<SaleKind, { anchor: string; label: string }> = {
  tip: { anchor: 'tips', label: 'Tips' },
  gift: { anchor: 'gifts', label: 'Gifts' },
  product: { anchor: 'products', label: 'Products' },
};

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function Buyer({ event }: { event: ActivityEvent }) {
  if (event.member) return <Link to={`/subscribers/${event.member.id}`}>{event.member.name || event.member.email}</Link>;
  return <span>{event.sale?.buyer || 'Someone'}</span>;
}

function SaleLine({ event, sale }: { event: ActivityEvent; sale: ActivitySale }) {
  const section = EARN_SECTION[sale.kind];
  return (
    <>
      <span>
        <Buyer event={event} />
        {event.post && (
          <>
            {' '}
            under <Link to={`/upload/posts/${event.post.id}`}>{event.post.title || 'Untitled post'}</Link>
          </>
        )}
      </span>
      <span className="activity-list__detail">
        {event.type === 'refunded' ? 'Refunded ' : ''}
        <strong className="activity-list__amount">{formatMoney(sale.amount, sale.currency)}</strong>
        {sale.item && <> · {sale.item}</>} ·{' '}
        <Link to={`/earn#${section.anchor}`}>
          {section.label}
          <span className="visually-hidden"> in Earn</span>
        </Link>
      </span>
      {sale.message && <q className="activity-list__message">{sale.message}</q>}
    </>
  );
}

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
            {event.sale ? (
              <SaleLine event={event} sale={event.sale} />
            ) : (
              <>
                <Subject event={event} />
                {event.detail && <span className="activity-list__detail">{event.detail}</span>}
              </>
            )}
          </span>
          <time className="activity-list__time" dateTime={event.occurredAt}>
            {when(event.occurredAt)}
          </time>
        </li>
      ))}
    </ol>
  );
}
