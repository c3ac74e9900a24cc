/** Removing a member, in a dialog; for a member paying through Stripe it asks whether their subscription ends at the end of the period or now. */
import { useId, useState } from 'react';
import * as membersApi from '../../../common/api/members.ts';
import { SERVER_MESSAGES } from '../../../common/messages.ts';
import { useFormSubmit } from '../../app/useFormSubmit.ts';
import { Button } from '../../components/Button.tsx';
import { LiveMessage } from '../../components/LiveMessage.tsx';
import { ModalDialog } from '../../components/ModalDialog.tsx';
import { formatDate, MEMBER_PAGE } from '../../content/members.ts';
import { call } from '../../lib/api.ts';

export function RemoveMember({ member, onRemoved }: { member: membersApi.MemberDetail; onRemoved: (member: membersApi.MemberDetail) => void }) {
  const headingId = useId();
  const [open, setOpen] = useState(false);
  const [when, setWhen] = useState<'at-period-end' | 'now'>('at-period-end');
  const { message: problem, busy, run } = useFormSubmit<never>({ fieldIds: {}, problemFor: (code) => ({ message: SERVER_MESSAGES[code] }) });

  const remove = () =>
    run(async () => {
      const answer = await call(membersApi.removeMember, { params: { id: member.id }, body: { stripe: when } });
      onRemoved(answer.member);
      setOpen(false);
    });

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
          <p>{MEMBER_PAGE.removeIntro}</p>
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
