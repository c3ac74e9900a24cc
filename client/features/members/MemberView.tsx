/** A loaded member's page: the facts, the note and labels, comp and removal, their messages and their history. */
import type * as membersApi from '../../../common/api/members.ts';
import { formatMoney } from '../../../common/money.ts';
import { EVENT_LABELS, formatDate, MEMBER_PAGE, SOURCE_LABELS, STATUS_LABELS } from '../../content/members.ts';
import { MemberTalk } from '../messages/inbox/MemberTalk.tsx';
import { CompForm } from './CompForm.tsx';
import { NotesForm } from './NotesForm.tsx';
import { RemoveMember } from './RemoveMember.tsx';

export type Tier = membersApi.MembersAnswer['tiers'][number];

export function MemberView({ member, tiers, onChange }: { member: membersApi.MemberDetail; tiers: Tier[]; onChange: (member: membersApi.MemberDetail) => void }) {
  const ended = member.status === 'canceled' || member.status === 'expired';
  return (
    <>
      <h1 className="studio-heading">{member.name}</h1>
      <p className="member-page__email">{member.email}</p>
      <dl className="member-page__facts">
        <div>
          <dt>Tier</dt>
          <dd>{member.tier.name}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            <span className={`member-status member-status--${member.status}`}>{STATUS_LABELS[member.status]}</span>
          </dd>
        </div>
        <div>
          <dt>Source</dt>
          <dd>{SOURCE_LABELS[member.source]}</dd>
        </div>
        <div>
          <dt>Joined</dt>
          <dd>{formatDate(member.joined)}</dd>
        </div>
        <div>
          <dt>{member.status === 'comped' ? 'Comp ends' : member.renewal.cancelAtPeriodEnd ? 'Ends' : 'Renews'}</dt>
          <dd>{member.status === 'comped' ? (member.compExpiresAt ? formatDate(member.compExpiresAt) : 'Never') : formatDate(member.renewal.at)}</dd>
        </div>
        <div>
          <dt>Lifetime value</dt>
          <dd>{formatMoney(member.lifetimeValue.amount, member.lifetimeValue.currency)}</dd>
        </div>
        {member.endedAt && (
          <div>
            <dt>Ended</dt>
            <dd>{formatDate(member.endedAt)}</dd>
          </div>
        )}
      </dl>
      <div className="member-page__columns">
        <section aria-labelledby="member-notes">
          <h2 id="member-notes">Note and labels</h2>
          <NotesForm member={member} onSaved={onChange} />
        </section>
        <section aria-labelledby="member-actions">
          <h2 id="member-actions">Membership</h2>
          <CompForm member={member} tiers={tiers.filter((tier) => tier.type === 'paid')} onComped={onChange} />
          {!ended && <RemoveMember member={member} onRemoved={onChange} />}
        </section>
      </div>
      <MemberTalk membershipId={member.id} />
      <section aria-labelledby="member-history">
        <h2 id="member-history">History</h2>
        {member.history.length === 0 ? (
          <p>{MEMBER_PAGE.noHistory}</p>
        ) : (
          <ol className="member-history">
            {member.history.map((event) => (
              <li key={event.id}>
                <time dateTime={event.occurredAt}>{formatDate(event.occurredAt)}</time>
                <span>
                  {event.detail || EVENT_LABELS[event.kind]}
                  {event.amount && ` · ${formatMoney(event.amount.amount, event.amount.currency)}`}
                  {event.tierName && !event.detail && ` · ${event.tierName}`}
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  );
}
