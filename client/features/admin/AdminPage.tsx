/**
 * /admin (issue 20): the operator's view, for `admin` users only (the server
 * refuses everyone else): the platform's counts, the sites with a search,
 * suspending and restoring a site, and the maintenance switch. Each switch
 * asks first and says what it will do (docs/decisions/149).
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { SUSPENSION_REASON_MAX_LENGTH } from '../../../common/constants.ts';
import * as adminApi from '../../../common/api/admin.ts';
import { SERVER_MESSAGES } from '../../../common/messages.ts';
import { useAuth } from '../../app/auth.tsx';
import { useLatestLoad } from '../../app/useLatestLoad.ts';
import { usePageMeta } from '../../app/usePageMeta.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { LiveMessage } from '../../components/LiveMessage.tsx';
import { LoadFailed, Loading } from '../../components/LoadStatus.tsx';
import { MainLandmark } from '../../components/MainLandmark.tsx';
import { MAINTENANCE, SUSPENSION } from '../../content/admin.ts';
import { call, toErrorCode } from '../../lib/api.ts';
import { useLoad } from '../../lib/useLoad.ts';
import '../../components/FormField.css';
import '../overview/overview.css';
import './admin.css';

function bytes(value: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let size = value;
  let unit = 0;
  while (size >= 1024 && unit < units.length - 1) {
    size /= 1024;
    unit += 1;
  }
  return `${size.toFixed(unit === 0 ? 0 : 1)} ${units[unit]}`;
}

function Stats() {
  const { loaded, reload } = useLoad((signal) => call(adminApi.stats, { signal }));
  if (loaded.state === 'loading') return <Loading>Loading the counts…</Loading>;
  if (loaded.state === 'failed') return <LoadFailed message={SERVER_MESSAGES[loaded.code]} onRetry={reload} />;
  const stats = loaded.data;
  const figures: [string, string][] = [
    ['Sites', stats.sites.toLocaleString()],
    ['Creators', stats.creators.toLocaleString()],
    ['Members', stats.members.toLocaleString()],
    ['Posts', stats.posts.toLocaleString()],
    ['Storage used', bytes(stats.storageBytes)],
    ['E-mails sent', stats.emailsSent.toLocaleString()],
  ];
  return (
    <dl className="overview-figures admin-figures">
      {figures.map(([label, value]) => (
        <div key={label} className="overview-figure">
          <dt className="overview-figure__label">{label}</dt>
          <dd className="overview-figure__value">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function MaintenanceSwitch({ onMessage }: { onMessage: (text: string) => void }) {
  const { loaded } = useLoad((signal) => call(adminApi.maintenance, { signal }));
  const [on, setOn] = useState<boolean | undefined>(undefined);
  const current = on ?? (loaded.state === 'ready' ? loaded.data.maintenance : undefined);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const question = current ? MAINTENANCE.turnOff : MAINTENANCE.turnOn;
  async function flip() {
    if (current === undefined) return;
    setBusy(true);
    setError(undefined);
    try {
      const answer = await call(adminApi.setMaintenance, { body: { maintenance: !current } });
      setOn(answer.maintenance);
      setAsking(false);
      onMessage(answer.maintenance ? MAINTENANCE.on : MAINTENANCE.off);
    } catch (caught) {
      setError(SERVER_MESSAGES[toErrorCode(caught)]);
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <button
        type="button"
        role="switch"
        aria-checked={current ?? false}
        disabled={current === undefined}
        className="button button--secondary button--md"
        onClick={() => {
          setError(undefined);
          setAsking(true);
        }}
      >
        {MAINTENANCE.label(current)}
      </button>
      <ConfirmDialog
        open={asking}
        title={question.title}
        confirmLabel={question.confirm}
        danger={!current}
        busy={busy}
        error={error}
        onConfirm={() => void flip()}
        onCancel={() => setAsking(false)}
      >
        <p className="confirm-dialog__text">{question.text}</p>
      </ConfirmDialog>
    </>
  );
}

function Sites({ onMessage }: { onMessage: (text: string) => void }) {
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [reason, setReason] = useState('');
  const [asked, setAsked] = useState<adminApi.AdminSite | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  // The last list stays on show while a search or a refresh after a suspension is on its way, and beside a failure.
  const { ready, failed: failure, reload } = useLatestLoad(query, (asked, signal) => call(adminApi.sites, { query: { q: asked }, signal }));
  const sites = ready?.data.sites;
  const failed = failure ? SERVER_MESSAGES[failure.code] : '';

  async function toggle(site: adminApi.AdminSite) {
    const suspend = site.suspendedAt === null;
    setBusy(true);
    setError(undefined);
    try {
      if (suspend) await call(adminApi.suspendSite, { params: { id: site.id }, body: { reason } });
      else await call(adminApi.restoreSite, { params: { id: site.id } });
      setAsked(null);
      onMessage(suspend ? SUSPENSION.suspended(site.title) : SUSPENSION.restored(site.title));
      reload();
    } catch (caught) {
      setError(SERVER_MESSAGES[toErrorCode(caught)]);
    } finally {
      setBusy(false);
    }
  }

  function ask(site: adminApi.AdminSite) {
    setReason('');
    setError(undefined);
    setAsked(site);
  }
  const suspending = asked?.suspendedAt === null;

  function find(event: FormEvent) {
    event.preventDefault();
    setQuery(search.trim());
  }

  return (
    <section className="overview-card" aria-labelledby="sites-heading">
      <h2 id="sites-heading" className="overview-card__title">
        Sites
      </h2>
      <form role="search" className="admin-search" onSubmit={find}>
        <label className="visually-hidden" htmlFor="admin-site-search">
          Search sites by handle, title or owner e-mail
        </label>
        <input id="admin-site-search" className="field__input" type="search" placeholder="Handle, title or owner e-mail" value={search} onChange={(event) => setSearch(event.target.value)} />
        <button type="submit" className="button button--primary button--md">
          Search
        </button>
      </form>
      {failed && <LoadFailed message={failed} onRetry={reload} />}
      {!failed && sites === undefined && <Loading>Loading sites…</Loading>}
      {sites?.length === 0 && <p className="overview-card__note">No site matches “{query}”.</p>}
      {sites && sites.length > 0 && (
        <ul className="admin-sites">
          {sites.map((site) => (
            <li key={site.id} className="admin-sites__item">
              <div>
                <a href={`/@${site.handle}`} target="_blank" rel="noopener">
                  {site.title}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
                <span className="admin-sites__meta">
                  @{site.handle} · {site.ownerEmail} · {site.members.toLocaleString()} members
                </span>
              </div>
              {site.suspendedAt && <span className="admin-sites__badge">Suspended</span>}
              <button type="button" className={`button button--md ${site.suspendedAt ? 'button--primary' : 'button--secondary'}`} onClick={() => ask(site)}>
                {site.suspendedAt ? SUSPENSION.restore : SUSPENSION.suspend}
                <span className="visually-hidden"> {site.title}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={asked !== null}
        title={asked ? (suspending ? SUSPENSION.suspendTitle(asked.title) : SUSPENSION.restoreTitle(asked.title)) : ''}
        confirmLabel={suspending ? SUSPENSION.suspendConfirm : SUSPENSION.restoreConfirm}
        danger={suspending}
        busy={busy}
        error={error}
        onConfirm={() => asked && void toggle(asked)}
        onCancel={() => setAsked(null)}
      >
        <p className="confirm-dialog__text">{suspending ? SUSPENSION.suspendText : SUSPENSION.restoreText}</p>
        {suspending && (
          <div className="field">
            <label className="field__label" htmlFor="admin-suspension-reason">
              {SUSPENSION.reason}
            </label>
            <input
              id="admin-suspension-reason"
              className="field__input"
              type="text"
              maxLength={SUSPENSION_REASON_MAX_LENGTH}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          </div>
        )}
      </ConfirmDialog>
    </section>
  );
}

export default function AdminPage() {
  usePageMeta({ title: 'Admin | Creator Platform', robots: 'noindex' });
  const { user } = useAuth();
  const [message, setMessage] = useState('');
  return (
    <MainLandmark className="admin studio">
      <header className="overview__header">
        <div>
          <h1 className="overview__heading">Admin</h1>
          <p className="overview__sub">
            The platform at a glance. <Link to="/dashboard/overview">Back to your studio</Link>
          </p>
        </div>
        {user?.isAdmin && <MaintenanceSwitch onMessage={setMessage} />}
      </header>
      {!user?.isAdmin ? (
        <p className="overview__empty">
          This area is for the operator of the platform. <Link to="/dashboard/overview">Go to your dashboard</Link>
        </p>
      ) : (
        <>
          <LiveMessage>{message}</LiveMessage>
          <Stats />
          <Sites onMessage={setMessage} />
        </>
      )}
    </MainLandmark>
  );
}
