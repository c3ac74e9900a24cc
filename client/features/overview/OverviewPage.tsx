/**
 * The creator's home after onboarding (/dashboard/overview): a greeting, the
 * getting-started checklist, the site's figures and 30 days of page views.
 */
import { Link } from 'react-router';
import * as dashboardApi from '../../../common/api/dashboard.ts';
import { useAuth } from '../../app/auth.tsx';
import { usePageMeta } from '../../app/usePageMeta.ts';
import { siteErrorMessage } from '../../content/sites.ts';
import { call } from '../../lib/api.ts';
import { useLoad } from '../../lib/useLoad.ts';
import { PlanBanner } from '../platform-plan/PlanBanner.tsx';
import { SuspensionBanner } from '../sites/SuspensionBanner.tsx';
import { LatestActivity } from '../activity/LatestActivity.tsx';
import { Checklist } from './Checklist.tsx';
import { MoneyFigures } from './MoneyFigures.tsx';
import { ViewsChart } from './ViewsChart.tsx';
import '../sites/site-forms.css';
import './overview.css';
import { LoadFailed, Loading } from '../../components/LoadStatus.tsx';

type Loaded = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; overview: dashboardApi.Overview };

function useOverview(): { loaded: Loaded; retry: () => void } {
  const { loaded, reload } = useLoad((signal) => call(dashboardApi.overview, { signal }));
  if (loaded.state === 'failed') return { loaded: { state: 'failed', message: siteErrorMessage(loaded.code) }, retry: reload };
  return { loaded: loaded.state === 'ready' ? { state: 'ready', overview: loaded.data } : loaded, retry: reload };
}

function greeting(now: Date): string {
  const hour = now.getHours();
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

function Figure({ label, value, detail }: { label: string; value: number; detail?: string }) {
  return (
    <div className="overview-figure">
      <dt className="overview-figure__label">{label}</dt>
      <dd className="overview-figure__value">{value.toLocaleString()}</dd>
      {detail && <dd className="overview-figure__detail">{detail}</dd>}
    </div>
  );
}

function Figures({ overview }: { overview: dashboardApi.Overview }) {
  const { posts, members, views, latestEmail } = overview;
  return (
    <>
      <section aria-labelledby="figures-heading">
        <h2 id="figures-heading" className="visually-hidden">
          Your figures
        </h2>
        <dl className="overview-figures">
          <Figure label="Published posts" value={posts.published} detail={`${posts.drafts} ${posts.drafts === 1 ? 'draft' : 'drafts'}, ${posts.scheduled} scheduled`} />
          <Figure label="Members" value={members} />
          <Figure label="Page views" value={views.total} detail="Last 30 days" />
          {latestEmail && (
            <Figure
              label="Last e-mail"
              value={latestEmail.sent}
              detail={`sent of ${latestEmail.queued}${latestEmail.failed ? `, ${latestEmail.failed} failed` : ''}${latestEmail.status === 'sending' || latestEmail.status === 'planning' ? ', sending' : ''}: “${latestEmail.postTitle}”`}
            />
          )}
        </dl>
      </section>
      <MoneyFigures money={overview.money} />
      <section className="overview-card" aria-labelledby="views-heading">
        <h2 id="views-heading" className="overview-card__title">
          Page views, last 30 days
        </h2>
        <p className="overview-card__note">Counted on our server: no cookies and no third-party scripts on your site.</p>
        <ViewsChart days={views.days} />
      </section>
    </>
  );
}

export default function OverviewPage() {
  usePageMeta({ title: 'Overview | Creator Platform', robots: 'noindex' });
  const { user } = useAuth();
  const { loaded, retry } = useOverview();
  const site = loaded.state === 'ready' ? loaded.overview.site : null;

  return (
    <div className="overview studio">
      <header className="overview__header">
        <div>
          <h1 className="overview__heading">
            {greeting(new Date())}, {user?.displayName || 'creator'}
          </h1>
          <p className="overview__sub">{site ? `Here is how ${site.title} is doing.` : 'Here is where your site stands.'}</p>
        </div>
        {site && (
          <a className="button button--primary button--md" href={`/@${site.handle}`} target="_blank" rel="noopener">
            View your site
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        )}
      </header>
      {site && <SuspensionBanner suspension={site.suspension} />}
      {site && <PlanBanner />}
      {loaded.state === 'loading' && <Loading>Loading your overview…</Loading>}
      {loaded.state === 'failed' && <LoadFailed message={loaded.message} onRetry={retry} />}
      {loaded.state === 'ready' && (
        <>
          {!loaded.overview.site && (
            <p className="overview__empty">
              You have not set up your site yet. <Link to="/onboarding">Set it up now</Link>: it takes a couple of minutes.
            </p>
          )}
          <Checklist overview={loaded.overview} />
          <Figures overview={loaded.overview} />
          {loaded.overview.site && <LatestActivity />}
        </>
      )}
    </div>
  );
}
