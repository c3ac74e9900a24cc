/**
 * /dashboard/activity (issue 20): the site's events newest first, filtered by
 * type, fifty at a time with "Show more" (the API's cursor), each linked to
 * its member or post, and a payment's to its section of Earn.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { ACTIVITY_LABELS, ACTIVITY_TYPES, type ActivityType } from '../../../../common/activity.ts';
import * as reportsApi from '../../../../common/api/reports.ts';
import { SERVER_MESSAGES } from '../../../../common/messages.ts';
import { usePageMeta } from '../../../app/usePageMeta.ts';
import { BusyButton } from '../../../components/BusyButton.tsx';
import { LoadFailed, Loading } from '../../../components/LoadStatus.tsx';
import { call, toErrorCode } from '../../../lib/api.ts';
import { useLoadFor } from '../../../lib/useLoadFor.ts';
import { ActivityList } from '../ActivityList.tsx';
import '../../../components/FormField.css';
import '../../overview/overview.css';

type Page = { events: reportsApi.ActivityEvent[]; nextCursor: string | null };

export default function ActivityPage() {
  usePageMeta({ title: 'Recent Activity | Creator Platform', robots: 'noindex' });
  const [type, setType] = useState<ActivityType | ''>('');
  const { loaded, reload, replace } = useLoadFor(type, (asked, signal) => call(reportsApi.activity, { query: asked ? { type: asked } : {}, signal }));
  const [more, setMore] = useState<{ busy: boolean; error: string }>({ busy: false, error: '' });

  async function showMore(page: Page) {
    if (!page.nextCursor) return;
    setMore({ busy: true, error: '' });
    try {
      const next = await call(reportsApi.activity, { query: { ...(type ? { type } : {}), cursor: page.nextCursor } });
      replace({ events: [...page.events, ...next.events], nextCursor: next.nextCursor });
      setMore({ busy: false, error: '' });
    } catch (error) {
      setMore({ busy: false, error: SERVER_MESSAGES[toErrorCode(error)] });
    }
  }

  return (
    <div className="overview studio">
      <header className="overview__header">
        <div>
          <h1 className="overview__heading">Recent Activity</h1>
          <p className="overview__sub">
            What happened on your site, newest first. Tips, gifts and products sold are listed with their sales under <Link to="/earn">Earn</Link>.
          </p>
        </div>
        <div className="field activity-filter">
          <label className="field__label" htmlFor="activity-type">
            Show
          </label>
          <select id="activity-type" className="field__select" value={type} onChange={(event) => setType(event.target.value as ActivityType | '')}>
            <option value="">All activity</option>
            {ACTIVITY_TYPES.map((option) => (
              <option key={option} value={option}>
                {ACTIVITY_LABELS[option]}
              </option>
            ))}
          </select>
        </div>
      </header>
      <section className="overview-card" aria-label="Events" aria-busy={loaded.state === 'loading'}>
        {loaded.state === 'loading' && <Loading>Loading activity…</Loading>}
        {loaded.state === 'failed' && <LoadFailed message={SERVER_MESSAGES[loaded.code]} onRetry={reload} />}
        {loaded.state === 'ready' && loaded.data.events.length === 0 && (
          <p className="overview-card__note">
            {type ? `No “${ACTIVITY_LABELS[type]}” events yet.` : 'Nothing has happened yet.'} Members joining, posts going live and payments will show here. <Link to="/support#activity">How activity works</Link>
          </p>
        )}
        {loaded.state === 'ready' && loaded.data.events.length > 0 && (
          <>
            <ActivityList events={loaded.data.events} />
            {loaded.data.nextCursor && (
              <p>
                <BusyButton type="button" variant="secondary" busy={more.busy} onClick={() => void showMore(loaded.data)}>
                  Show more
                </BusyButton>
              </p>
            )}
            {more.error && (
              <p className="field__error" role="alert">
                {more.error}
              </p>
            )}
          </>
        )}
      </section>
    </div>
  );
}
