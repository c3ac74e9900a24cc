/**
 * Subscribers (/subscribers): the creator's members, filtered, searched,
 * sorted and paged by cursor (docs/decisions/055). Everything that decides
 * what is shown lives in the address, so a reload or the back button keeps
 * it. A table on wide screens, cards on narrow ones (MembersList.tsx); export
 * downloads the CSV of the current filters; import opens its dialog.
 */
import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import * as membersApi from '../../../common/api/members.ts';
import { mySite } from '../../../common/api/sites.ts';
import { MEMBERSHIP_SOURCES, type MembershipSource } from '../../../common/memberships.ts';
import { useLatestLoad } from '../../app/useLatestLoad.ts';
import { usePageMeta } from '../../app/usePageMeta.ts';
import { Button } from '../../components/Button.tsx';
import { LoadFailed, Loading } from '../../components/LoadStatus.tsx';
import { SUBSCRIBERS_PAGE } from '../../content/members.ts';
import { call } from '../../lib/api.ts';
import { useLoad } from '../../lib/useLoad.ts';
import { ImportDialog } from './ImportDialog.tsx';
import { MemberFilters } from './MemberFilters.tsx';
import { MembersList } from './MembersList.tsx';
import '../../components/FormField.css';
import './subscribers.css';

const SEARCH_DELAY_MS = 300;
const FILTER_KEYS = ['status', 'tier', 'source', 'q'] as const;

/** What the address asks for: the list's query and the number of its first member. */
interface MembersRequest {
  status: membersApi.MemberFilter | undefined;
  tier: string | undefined;
  source: MembershipSource | undefined;
  q: string;
  sort: membersApi.MemberSort;
  order: 'asc' | 'desc';
  cursor: string | undefined;
  start: number;
}

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
  const [importing, setImporting] = useState(false);
  const rangeId = useId();

  const query = { status, tier, source, q: q || undefined, sort, order };
  const asked: MembersRequest = { status, tier, source, q, sort, order, cursor, start };
  /** Names the page the address asks for, so an answer for an earlier one is never taken for it. */
  const request = JSON.stringify(asked);
  const { ready, failed, reload, forget } = useLatestLoad(request, (key, signal) => {
    const { q: text, start: _start, ...rest } = JSON.parse(key) as MembersRequest;
    return call(membersApi.listMembers, { query: { ...rest, q: text || undefined }, signal });
  });
  // The join page's address, for the empty state; without it the page says the rest.
  const site = useLoad((signal) => call(mySite, { signal }));
  const handle = site.loaded.state === 'ready' ? site.loaded.data.site.handle : undefined;

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

  // Until the asked-for page arrives, the last one stays on screen with its own range, and paging waits:
  // a second click on Next must not page on from the page before.
  const shown = failed ? undefined : ready;
  const answer = shown?.data;
  const stale = shown !== undefined && shown.key !== request;
  const shownStart = shown ? (JSON.parse(shown.key) as MembersRequest).start : start;
  const filtered = FILTER_KEYS.some((key) => params.get(key));
  const noMembersAtAll = answer !== undefined && answer.total === 0 && !filtered && !cursor;
  const exportUrl = `${membersApi.EXPORT_PATH}?${new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => Boolean(entry[1])))}`;

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
          <h2>{SUBSCRIBERS_PAGE.emptyHeading}</h2>
          <p>{SUBSCRIBERS_PAGE.emptyText}</p>
          {handle && (
            <p>
              <a href={`/@${handle}/join`}>{`${window.location.origin}/@${handle}/join`}</a>
            </p>
          )}
          <Button onClick={() => setImporting(true)}>Import CSV</Button>
        </div>
      ) : (
        <>
          <MemberFilters searchText={searchText} onSearch={setSearchText} status={status} tier={tier} source={source} tiers={answer?.tiers} onFilter={update} />
          {!ready && !failed && <Loading>{SUBSCRIBERS_PAGE.loading}</Loading>}
          {failed && (
            <LoadFailed
              message={failed.code === 'network-request-failed' ? SUBSCRIBERS_PAGE.offline : SUBSCRIBERS_PAGE.loadFailed}
              onRetry={() => {
                forget();
                reload();
              }}
            />
          )}
          {answer && answer.members.length === 0 && (
            <p className="subscribers-page__state" role="status">
              {SUBSCRIBERS_PAGE.noMatch(q)}
            </p>
          )}
          {answer && answer.members.length > 0 && (
            <MembersList
              answer={answer}
              start={shownStart}
              stale={stale}
              sort={sort}
              order={order}
              rangeId={rangeId}
              onSort={sortBy}
              onSortChoice={(column, direction) => update({ sort: column === 'joined' && direction === 'desc' ? undefined : column, order: direction === 'desc' ? undefined : direction })}
              onPage={(next, at) => update({ cursor: next, at: String(at) })}
            />
          )}
        </>
      )}
      <ImportDialog open={importing} onClose={() => setImporting(false)} onImported={reload} />
    </div>
  );
}
