/** The overview's latest five events of Recent Activity, with the way to the rest. */
import { Link } from 'react-router';
import * as reportsApi from '../../../common/api/reports.ts';
import { SERVER_MESSAGES } from '../../../common/messages.ts';
import { LoadFailed, Loading } from '../../components/LoadStatus.tsx';
import { call } from '../../lib/api.ts';
import { useLoad } from '../../lib/useLoad.ts';
import { ActivityList } from './ActivityList.tsx';

export function LatestActivity() {
  const { loaded, reload } = useLoad((signal) => call(reportsApi.activity, { query: { limit: 5 }, signal }));
  return (
    <section className="overview-card" aria-labelledby="latest-activity-heading">
      <h2 id="latest-activity-heading" className="overview-card__title">
        Recent activity
      </h2>
      {loaded.state === 'loading' && <Loading>Loading recent activity…</Loading>}
      {loaded.state === 'failed' && <LoadFailed message={SERVER_MESSAGES[loaded.code]} onRetry={reload} />}
      {loaded.state === 'ready' &&
        (loaded.data.events.length === 0 ? (
          <p className="overview-card__note">Nothing yet: members joining and posts going live will show here.</p>
        ) : (
          <>
            <ActivityList events={loaded.data.events} />
            <p>
              <Link to="/dashboard/activity">See all activity</Link>
            </p>
          </>
        ))}
    </section>
  );
}
