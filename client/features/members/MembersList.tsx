/**
 * One page of members: a table on wide screens (sorted by its column
 * headers), cards on narrow ones (sorted by a select), and the paging. While
 * the next page is on its way the shown one is marked busy and paging waits.
 */
import * as membersApi from '../../../common/api/members.ts';
import { formatMoney } from '../../../common/money.ts';
import { Link } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { formatDate, pageRange, SORT_LABELS, STATUS_LABELS } from '../../content/members.ts';

interface MembersListProps {
  answer: membersApi.MembersAnswer;
  /** The number of the first member shown. */
  start: number;
  /** A newer page is on its way. */
  stale: boolean;
  sort: membersApi.MemberSort;
  order: 'asc' | 'desc';
  rangeId: string;
  onSort: (column: membersApi.MemberSort) => void;
  onSortChoice: (column: string | undefined, direction: string | undefined) => void;
  onPage: (cursor: string | undefined, at: number) => void;
}

export function MembersList({ answer, start, stale, sort, order, rangeId, onSort, onSortChoice, onPage }: MembersListProps) {
  const header = (column: membersApi.MemberSort) => (
    <th scope="col" aria-sort={sort === column ? (order === 'asc' ? 'ascending' : 'descending') : undefined}>
      <button type="button" className="members-table__sort" onClick={() => onSort(column)}>
        {SORT_LABELS[column]}
        <span aria-hidden="true" className="members-table__arrow">
          {sort === column ? (order === 'asc' ? '▲' : '▼') : ''}
        </span>
      </button>
    </th>
  );

  return (
    <>
      <table className="members-table" aria-describedby={rangeId} aria-busy={stale}>
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
          <label htmlFor={`${rangeId}-sort`} className="field__label">
            Sort by
          </label>
          <select id={`${rangeId}-sort`} className="field__select" value={`${sort}:${order}`} onChange={(event) => {
              const [column, direction] = event.target.value.split(':');
              onSortChoice(column, direction);
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
        <p id={rangeId} className="subscribers-page__range" role="status">
          {pageRange(start, answer.members.length, answer.total)}
        </p>
        <Button variant="secondary" disabled={stale || !answer.previous} onClick={() => onPage(answer.previous, Math.max(1, start - membersApi.MEMBERS_PAGE_SIZE))}>
          Previous
        </Button>
        <Button variant="secondary" disabled={stale || !answer.next} onClick={() => onPage(answer.next, start + answer.members.length)}>
          Next
        </Button>
      </nav>
    </>
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
