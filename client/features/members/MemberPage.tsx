/**
 * One member (/subscribers/:id): their details, their history newest first,
 * the creator's note and labels, comp onto a tier (until a date or for good)
 * and removal, which for a member paying through Stripe asks whether their
 * subscription ends at the end of the period or now.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import * as membersApi from '../../../common/api/members.ts';
import { SERVER_MESSAGES } from '../../../common/messages.ts';
import { formatMoney } from '../../../common/money.ts';
import { usePageMeta } from '../../app/usePageMeta.ts';
import { Button } from '../../components/Button.tsx';
import { LiveMessage } from '../../components/LiveMessage.tsx';
import { LoadFailed, Loading } from '../../components/LoadStatus.tsx';
import { ModalDialog } from '../../components/ModalDialog.tsx';
import { call, toErrorCode } from '../../lib/api.ts';
import { MemberTalk } from '../messages/inbox/MemberTalk.tsx';
import { EVENT_LABELS, formatDate, SOURCE_LABELS, STATUS_LABELS } from './member-words.ts';
import '../../components/FormField.css';
import './subscribers.css';

type Loaded = { state: 'loading' } | { state: 'failed'; notFound: boolean } | { state: 'ready'; member: membersApi.MemberDetail };
type Tier = membersApi.MembersAnswer['tiers'][number];

const messageOf = (error: unknown) => SERVER_MESSAGES[toErrorCode(error)];

export default function MemberPage() {
  const { id = '' } = useParams();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [tiers, setTiers] = useState<Tier[]>([]);
  const member = loaded.state === 'ready' ? loaded.member : undefined;
  usePageMeta({ title: `${member?.name ?? 'Member'} | Subscribers | Creator Platform`, robots: 'noindex' });

  useEffect(() => {
    const controller = new AbortController();
    call(membersApi.getMember, { params: { id }, signal: controller.signal })
      .then((answer) => setLoaded({ state: 'ready', member: answer.member }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setLoaded({ state: 'failed', notFound: toErrorCode(error) === 'not-found' });
      });
    call(membersApi.listMembers, { query: { limit: 1 }, signal: controller.signal })
      .then((answer) => setTiers(answer.tiers))
      .catch(() => undefined);
    return () => controller.abort();
  }, [id, attempt]);

  return (
    <div className="member-page">
      <p>
        <Link to="/subscribers">← All subscribers</Link>
      </p>
      {loaded.state === 'loading' && <Loading>Loading the member…</Loading>}
      {loaded.state === 'failed' &&
        (loaded.notFound ? (
          <p role="alert">This member is not one of yours, or no longer exists.</p>
        ) : (
          <LoadFailed
            message="This member could not be loaded."
            onRetry={() => {
              setLoaded({ state: 'loading' });
              setAttempt((count) => count + 1);
            }}
          />
        ))}
      {member && <MemberView member={member} tiers={tiers} onChange={(next) => setLoaded({ state: 'ready', member: next })} />}
    </div>
  );
}

function MemberView({ member, tiers, onChange }: { member: membersApi.MemberDetail; tiers: Tier[]; onChange: (member: membersApi.MemberDetail) => void }) {
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
          <p>Nothing recorded yet.</p>
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

function NotesForm({ member, onSaved }: { member: membersApi.MemberDetail; onSaved: (member: membersApi.MemberDetail) => void }) {
  const noteId = useId();
  const labelsId = useId();
  const [note, setNote] = useState(member.note);
  const [labels, setLabels] = useState(member.labels.join(', '));
  const [subscribed, setSubscribed] = useState(member.subscribedToEmails);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string }>();
  const [busy, setBusy] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const body = { note, labels: labels.split(',').map((label) => label.trim()).filter(Boolean), subscribedToEmails: subscribed };
      const answer = await call(membersApi.updateMember, { params: { id: member.id }, body });
      onSaved(answer.member);
      setMessage({ tone: 'success', text: 'Saved.' });
    } catch (error) {
      setMessage({ tone: 'error', text: messageOf(error) });
    } finally {
      setBusy(false);
    }
  };

  const clearStopped = async () => {
    setBusy(true);
    try {
      const answer = await call(membersApi.updateMember, { params: { id: member.id }, body: { emailDisabled: false } });
      onSaved(answer.member);
      setMessage({ tone: 'success', text: 'E-mails to this address start again.' });
    } catch (error) {
      setMessage({ tone: 'error', text: messageOf(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void save(event)} className="member-page__form">
      {member.emailDisabled && (
        <div className="notice notice--error">
          <p>E-mails to this address stopped: the mail server refused it for good ({member.emailDisabledReason}). Once the member has fixed their address, send again.</p>
          <Button type="button" variant="secondary" disabled={busy} onClick={() => void clearStopped()}>
            Send e-mails again
          </Button>
        </div>
      )}
      <label htmlFor={noteId} className="field__label">
        Private note
      </label>
      <textarea id={noteId} className="field__input" rows={3} maxLength={membersApi.NOTE_MAX_LENGTH} value={note} onChange={(event) => setNote(event.target.value)} />
      <label htmlFor={labelsId} className="field__label">
        Labels (separated by commas)
      </label>
      <input id={labelsId} className="field__input" value={labels} onChange={(event) => setLabels(event.target.value)} />
      <label className="member-page__check">
        <input type="checkbox" checked={subscribed} onChange={(event) => setSubscribed(event.target.checked)} /> Gets your e-mails
      </label>
      {message && <LiveMessage tone={message.tone}>{message.text}</LiveMessage>}
      <Button type="submit" disabled={busy}>
        {busy ? 'Saving…' : 'Save'}
      </Button>
    </form>
  );
}

function CompForm({ member, tiers, onComped }: { member: membersApi.MemberDetail; tiers: Tier[]; onComped: (member: membersApi.MemberDetail) => void }) {
  const tierId = useId();
  const untilId = useId();
  const [tier, setTier] = useState('');
  const [until, setUntil] = useState('');
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string }>();
  const [busy, setBusy] = useState(false);
  const chosen = tier || tiers[0]?.id || '';

  if (member.paysThroughStripe) return <p>This member pays through Stripe. To comp them, remove them first (ending their subscription).</p>;
  if (tiers.length === 0) return <p>Create a paid tier to comp members onto it.</p>;

  const comp = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const answer = await call(membersApi.compMember, { params: { id: member.id }, body: { tierId: chosen, ...(until ? { until } : {}) } });
      onComped(answer.member);
      setMessage({ tone: 'success', text: until ? `Comped until ${formatDate(`${until}T00:00:00Z`)}.` : 'Comped with no end date.' });
    } catch (error) {
      setMessage({ tone: 'error', text: toErrorCode(error) === 'invalid-input' ? 'Choose a date in the future, or none.' : messageOf(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void comp(event)} className="member-page__form">
      <h3>Comp a tier</h3>
      <label htmlFor={tierId} className="field__label">
        Tier
      </label>
      <select id={tierId} className="field__select" value={chosen} onChange={(event) => setTier(event.target.value)}>
        {tiers.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </select>
      <label htmlFor={untilId} className="field__label">
        Until (leave empty for no end)
      </label>
      <input id={untilId} type="date" className="field__input" value={until} onChange={(event) => setUntil(event.target.value)} />
      {message && <LiveMessage tone={message.tone}>{message.text}</LiveMessage>}
      <Button type="submit" variant="secondary" disabled={busy}>
        {busy ? 'Comping…' : 'Comp'}
      </Button>
    </form>
  );
}

function RemoveMember({ member, onRemoved }: { member: membersApi.MemberDetail; onRemoved: (member: membersApi.MemberDetail) => void }) {
  const headingId = useId();
  const [open, setOpen] = useState(false);
  const [when, setWhen] = useState<'at-period-end' | 'now'>('at-period-end');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();

  const remove = async () => {
    setBusy(true);
    setProblem(undefined);
    try {
      const answer = await call(membersApi.removeMember, { params: { id: member.id }, body: { stripe: when } });
      onRemoved(answer.member);
      setOpen(false);
    } catch (error) {
      setProblem(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <h3>Remove</h3>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Remove member
      </Button>
      <ModalDialog open={open} onClose={() => setOpen(false)} labelledBy={headingId} alert>
        <h2 id={headingId}>Remove {member.name}?</h2>
        {member.paysThroughStripe ? (
          <fieldset className="member-page__choice">
            <legend>Their Stripe subscription</legend>
            <label>
              <input type="radio" name="when" checked={when === 'at-period-end'} onChange={() => setWhen('at-period-end')} /> Ends at the end of the period they paid for ({formatDate(member.renewal.at)})
            </label>
            <label>
              <input type="radio" name="when" checked={when === 'now'} onChange={() => setWhen('now')} /> Ends now (no refund is made)
            </label>
          </fieldset>
        ) : (
          <p>They lose access to your members-only posts at once. They can join again later.</p>
        )}
        {problem && <LiveMessage tone="error">{problem}</LiveMessage>}
        <div className="import-dialog__actions">
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Keep them
          </Button>
          <Button onClick={() => void remove()} disabled={busy}>
            {busy ? 'Removing…' : 'Remove'}
          </Button>
        </div>
      </ModalDialog>
    </>
  );
}
