/** The creator's private note, labels and e-mail choice for one member, and the way to send again to an address the mail server refused. */
import { useId, useState } from 'react';
import * as membersApi from '../../../common/api/members.ts';
import { SERVER_MESSAGES } from '../../../common/messages.ts';
import type { MemberPatch } from '../../../common/member-schemas.ts';
import { useFormSubmit } from '../../app/useFormSubmit.ts';
import { Button } from '../../components/Button.tsx';
import { LiveMessage } from '../../components/LiveMessage.tsx';
import { MEMBER_PAGE } from '../../content/members.ts';
import { call } from '../../lib/api.ts';

export function NotesForm({ member, onSaved }: { member: membersApi.MemberDetail; onSaved: (member: membersApi.MemberDetail) => void }) {
  const noteId = useId();
  const labelsId = useId();
  const [note, setNote] = useState(member.note);
  const [labels, setLabels] = useState(member.labels.join(', '));
  const [subscribed, setSubscribed] = useState(member.subscribedToEmails);
  const [done, setDone] = useState<string>();
  const { message: problem, busy, handleSubmit, run } = useFormSubmit<never>({ fieldIds: {}, problemFor: (code) => ({ message: SERVER_MESSAGES[code] }) });
  const shown = problem ? { tone: 'error' as const, text: problem } : done ? { tone: 'success' as const, text: done } : undefined;

  const update = async (body: MemberPatch, said: string) => {
    const answer = await call(membersApi.updateMember, { params: { id: member.id }, body });
    onSaved(answer.member);
    setDone(said);
  };

  const save = handleSubmit({
    check: () => ({}),
    send: () => update({ note, labels: labels.split(',').map((label) => label.trim()).filter(Boolean), subscribedToEmails: subscribed }, MEMBER_PAGE.saved),
  });

  return (
    <form onSubmit={(event) => void save(event)} className="member-page__form">
      {member.emailDisabled && (
        <div className="notice notice--error">
          <p>{MEMBER_PAGE.emailStopped(member.emailDisabledReason)}</p>
          <Button type="button" variant="secondary" disabled={busy} onClick={() => void run(() => update({ emailDisabled: false }, MEMBER_PAGE.emailsAgain))}>
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
      {shown && <LiveMessage tone={shown.tone}>{shown.text}</LiveMessage>}
      <Button type="submit" disabled={busy}>
        {busy ? 'Saving…' : 'Save'}
      </Button>
    </form>
  );
}
