/**
 * Subscribers (/subscribers): the creator's members, filtered, searched,
 * sorted and paged by cursor (docs/decisions/055). Everything that decides
 * what is shown lives in the address, so a reload or the back button keeps
 * it. A table on wide screens, cards on narrow ones; export downloads the CSV
 * of the current filters; import opens its dialog.
 */
import { useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import * as membersApi from '../../../common/api/members.ts';
import { mySite } from '../../../common/api/sites.ts';
import { MEMBERSHIP_SOURCES } from '../../../common/memberships.ts';
import { formatMoney } from '../../../common/money.ts';
import { usePageMeta } from '../../app/usePageMeta.ts';
import { Button } from '../../components/Button.tsx';
import { LoadFailed, Loading } from '../../components/LoadStatus.tsx';
import { call, toErrorCode } from '../../lib/api.ts';
import { ImportDialog } from './ImportDialog.tsx';
import { FILTER_LABELS, formatDate, pageRange, SORT_LABELS, SOURCE_LABELS, STATUS_LABELS } from './member-words.ts';
import '../../components/FormField.css';
import './subscribers.css';

type Loaded = { state: 'loading' } | { state: 'failed'; offline: boolean } | { state: 'ready'; answer: membersApi.MembersAnswer; request: string; start: number };

const SEARCH_DELAY_MS = 300;
const FILTER_KEYS = ['status', 'tier', 'source', 'q'] as const;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined => values.find((candidate) => candidate === value);

export default function SubscribersPage() {
  usePageMeta({ title: 'Subscribers | Creator Platform', robots: 'noindex' });
  const [params, setParams] = useSearchParams();
  const status = oneOf(membersApi.MEMBER_FILTERS, params.get('status'));
  const source = oneOf(MEMBERSHIP_SOURCES, params.get('source'));
  const tier = params.get('tier') ?? undefined;
  const q = params.get('q') ?? '';
  const sort = oneOf(membersApi.MEMBER_SORTS, params.get('sort')) ?? 'joined';
  const order = params.get('order') === 'asc' ? 'asc' : 'desc';
  const cursor = params.get('cursor') ?? undefined;
  const start = Math.max(1, Number(params.get('at')) || 1);
  const [searchText, setSearchText] = useState(q);
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [handle, setHandle] = useState<string>();
  const [importing, setImporting] = useState(false);
  const ids = { search: useId(), status: useId(), tier: useId(), source: useId(), range: useId() };

  const query = { status, tier, source, q: q || undefined, sort, order };
  /** Names the page the address asks for, so an answer for an earlier one is never taken for it. */
  const request = JSON.stringify([status, tier, source, q, sort, order, cursor, start]);

  useEffect(() => {
    const controller = new AbortController();
    call(membersApi.listMembers, { query: { status, tier, source, q: q || undefined, sort, order, cursor }, signal: controller.signal })
      .then((answer) => setLoaded({ state: 'ready', answer, request, start }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setLoaded({ state: 'failed', offline: toErrorCode(error) === 'network-request-failed' });
      });
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `request` is made of these values
  }, [status, tier, source, q, sort, order, cursor, start, attempt]);

  useEffect(() => {
    call(mySite)
      .then(({ site }) => setHandle(site.handle))
      .catch(() => undefined);
  }, []);

  /** Changes what is shown: any change but paging starts again at the first page. */
  const update = (changes: Record<string, string | undefined>, { replace = false } = {}) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (!('cursor' in changes)) {
          next.delete('cursor');
          next.delete('at');
        }
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace },
    );

  useEffect(() => {
    if (searchText.trim() === q) return;
    const timer = setTimeout(() => update({ q: searchText.trim() || undefined }, { replace: true }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `update` is remade each render; the search text and the address decide
  }, [searchText, q]);

  const sortBy = (column: membersApi.MemberSort) => {
    const nextOrder = sort === column ? (order === 'desc' ? 'asc' : 'desc') : column === 'name' || column === 'email' || column === 'renewal' ? 'asc' : 'desc';
    update({ sort: column === 'joined' && nextOrder === 'desc' ? undefined : column, order: nextOrder === 'desc' ? undefined : nextOrder });
  };

  const answer = loaded.state === 'ready' ? loaded.answer : undefined;
  // Until the asked-for page arrives, the last one stays on screen with its own range, and paging waits:
  // a second click on Next must not page on from the page before.
  const stale = loaded.state === 'ready' && loaded.request !== request;
  const shownStart = loaded.state === 'ready' ? loaded.start : start;
  const filtered = FILTER_KEYS.some((key) => params.get(key));
  const noMembersAtAll = answer !== undefined && answer.total === 0 && !filtered && !cursor;
  const exportUrl = `${membersApi.EXPORT_PATH}?${new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => Boolean(entry[1])))}`;

  const header = (column: membersApi.MemberSort) => (
    <th scope="col" aria-sort={sort === column ? (order === 'asc' ? 'ascending' : 'descending') : undefined}>
      <button type="button" className="members-table__sort" onClick={() => sortBy(column)}>
        {SORT_LABELS[column]}
        <span aria-hidden="true" className="members-table__arrow">
          {sort === column ? (order === 'asc' ? '▲' : '▼') : ''}
        </span>
      </button>
    </th>
  );

  return (
    <div className="subscribers-page">
      <div className="studio-header">
        <h1 className="studio-heading">Subscribers</h1>
        {!noMembersAtAll && (
          <div className="subscribers-page__actions">
            <Button variant="secondary" onClick={() => setImporting(true)}>
              Import CSV
            </Button>
            <a className="button button--secondary button--md" href={exportUrl} download>
              Export CSV
            </a>
          </div>
        )}
      </div>

      {noMembersAtAll ? (
        <div className="subscribers-page__empty">
          <h2>No members yet</h2>
          <p>Share your join page and your first fans will show up here. Moving from another platform? Import their CSV.</p>
          {handle && (
            <p>
              <a href={`/@${handle}/join`}>{`${window.location.origin}/@${handle}/join`}</a>
            </p>
          )}
          <Button onClick={() => setImporting(true)}>Import CSV</Button>
        </div>
      ) : (
        <>
          <div className="subscribers-page__controls">
            <div className="subscribers-page__search">
              <label htmlFor={ids.search} className="field__label">
                Search
              </label>
              <input id={ids.search} type="search" className="field__input" placeholder="Name or e-mail" value={searchText} maxLength={200} onChange={(event) => setSearchText(event.target.value)} />
            </div>
            <div>
              <label htmlFor={ids.status} className="field__label">
                Status
              </label>
              <select id={ids.status} className="field__select" value={status ?? ''} onChange={(event) => update({ status: event.target.value || undefined })}>
                <option value="">Everyone</option>
                {membersApi.MEMBER_FILTERS.map((filter) => (
                  <option key={filter} value={filter}>
                    {FILTER_LABELS[filter]}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor={ids.tier} className="field__label">
                Tier
              </label>
              <select id={ids.tier} className="field__select" value={tier ?? ''} onChange={(event) => update({ tier: event.target.value || undefined })}>
                <option value="">All tiers</option>
                {answer?.tiers.map((option) => (
                  <option key={option.id} value={option.id}>
                    {option.name}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor={ids.source} className="field__label">
                Source
              </label>
              <select id={ids.source} className="field__select" value={source ?? ''} onChange={(event) => update({ source: event.target.value || undefined })}>
                <option value="">Any source</option>
                {MEMBERSHIP_SOURCES.map((option) => (
                  <option key={option} value={option}>
                    {SOURCE_LABELS[option]}
                  </option>
                ))}
              </select>
            </div>
          </div>

          {loaded.state === 'loading' && <Loading>Loading members…</Loading>}
          {loaded.state === 'failed' && (
            <LoadFailed
              message={loaded.offline ? 'Could not reach the server. Check your connection.' : 'Your members could not be loaded.'}
              onRetry={() => {
                setLoaded({ state: 'loading' });
                setAttempt((count) => count + 1);
              }}
            />
          )}
          {answer && answer.members.length === 0 && (
            <p className="subscribers-page__state" role="status">
              {q ? `No members match “${q}”.` : 'No members match these filters.'}
            </p>
          )}
          {answer && answer.members.length > 0 && (
            <>
              <table className="members-table" aria-describedby={ids.range} aria-busy={stale}>
                <thead>
                  <tr>
                    {header('name')}
                    {header('email')}
                    <th scope="col">Tier</th>
                    <th scope="col">Status</th>
                    {header('joined')}
                    {header('renewal')}
                    {header('value')}
                  </tr>
                </thead>
                <tbody>
                  {answer.members.map((member) => (
                    <tr key={member.id}>
                      <td>
                        <Link to={`/subscribers/${member.id}`}>{member.name}</Link>
                      </td>
                      <td className="members-table__email">{member.email}</td>
                      <td>{member.tier.name}</td>
                      <td>
                        <StatusBadge member={member} />
                      </td>
                      <td>{formatDate(member.joined)}</td>
                      <td>{renewalText(member)}</td>
                      <td className="members-table__number">{formatMoney(member.lifetimeValue.amount, member.lifetimeValue.currency)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <div className="member-cards">
                <div className="member-cards__sort">
                  <label htmlFor={`${ids.range}-sort`} className="field__label">
                    Sort by
                  </label>
                  <select id={`${ids.range}-sort`} className="field__select" value={`${sort}:${order}`} onChange={(event) => {
                      const [column, direction] = event.target.value.split(':');
                      update({ sort: column === 'joined' && direction === 'desc' ? undefined : column, order: direction === 'desc' ? undefined : direction });
                    }}>
                    {membersApi.MEMBER_SORTS.flatMap((column) => [
                      <option key={`${column}:desc`} value={`${column}:desc`}>{`${SORT_LABELS[column]}, ${column === 'name' || column === 'email' ? 'Z–A' : 'highest or latest first'}`}</option>,
                      <option key={`${column}:asc`} value={`${column}:asc`}>{`${SORT_LABELS[column]}, ${column === 'name' || column === 'email' ? 'A–Z' : 'lowest or soonest first'}`}</option>,
                    ])}
                  </select>
                </div>
                <ul className="member-cards__list">
                  {answer.members.map((member) => (
                    <li key={member.id} className="member-card">
                      <Link to={`/subscribers/${member.id}`} className="member-card__name">
                        {member.name}
                      </Link>
                      <span className="member-card__email">{member.email}</span>
                      <span>
                        {member.tier.name} · <StatusBadge member={member} />
                      </span>
                      <span className="member-card__meta">
                        Joined {formatDate(member.joined)} · {formatMoney(member.lifetimeValue.amount, member.lifetimeValue.currency)}
                      </span>
                    </li>
                  ))}
                </ul>
              </div>
              <nav className="subscribers-page__paging" aria-label="Pages of members">
                <p id={ids.range} className="subscribers-page__range" role="status">
                  {pageRange(shownStart, answer.members.length, answer.total)}
                </p>
                <Button variant="secondary" disabled={stale || !answer.previous} onClick={() => update({ cursor: answer.previous, at: String(Math.max(1, shownStart - membersApi.MEMBERS_PAGE_SIZE)) })}>
                  Previous
                </Button>
                <Button variant="secondary" disabled={stale || !answer.next} onClick={() => update({ cursor: answer.next, at: String(shownStart + answer.members.length) })}>
                  Next
                </Button>
              </nav>
            </>
          )}
        </>
      )}
      <ImportDialog
        open={importing}
        onClose={() => setImporting(false)}
        onImported={() => {
          setAttempt((count) => count + 1);
        }}
      />
    </div>
  );
}

function renewalText(member: membersApi.MemberSummary): string {
  if (member.status === 'comped') return member.compExpiresAt ? `Comp ends ${formatDate(member.compExpiresAt)}` : 'Comped';
  // An ended membership renews no more; when it ended is on the member's page.
  if (!member.renewal.at || member.status === 'canceled' || member.status === 'expired') return '—';
  return member.renewal.cancelAtPeriodEnd ? `Ends ${formatDate(member.renewal.at)}` : formatDate(member.renewal.at);
}

function StatusBadge({ member }: { member: membersApi.MemberSummary }) {
  return <span className={`member-status member-status--${member.status}`}>{STATUS_LABELS[member.status]}</span>;
}
