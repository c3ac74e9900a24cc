/** Comp a member onto a paid tier, until a date or for good; a member paying through Stripe is removed first. */
import { useId, useState } from 'react';
import * as membersApi from '../../../common/api/members.ts';
import { SERVER_MESSAGES } from '../../../common/messages.ts';
import { useFormSubmit } from '../../app/useFormSubmit.ts';
import { Button } from '../../components/Button.tsx';
import { LiveMessage } from '../../components/LiveMessage.tsx';
import { formatDate, MEMBER_PAGE } from '../../content/members.ts';
import { call } from '../../lib/api.ts';
import type { Tier } from './MemberView.tsx';

export function CompForm({ member, tiers, onComped }: { member: membersApi.MemberDetail; tiers: Tier[]; onComped: (member: membersApi.MemberDetail) => void }) {
  const tierId = useId();
  const untilId = useId();
  const [tier, setTier] = useState('');
  const [until, setUntil] = useState('');
  const [done, setDone] = useState<string>();
  const { message: problem, busy, handleSubmit } = useFormSubmit<never>({
    fieldIds: {},
    problemFor: (code) => ({ message: code === 'invalid-input' ? MEMBER_PAGE.compDateInPast : SERVER_MESSAGES[code] }),
  });
  const shown = problem ? { tone: 'error' as const, text: problem } : done ? { tone: 'success' as const, text: done } : undefined;
  const chosen = tier || tiers[0]?.id || '';

  if (member.paysThroughStripe) return <p>{MEMBER_PAGE.paysThroughStripe}</p>;
  if (tiers.length === 0) return <p>{MEMBER_PAGE.noPaidTier}</p>;

  const comp = handleSubmit({
    check: () => ({}),
    send: async () => {
      const answer = await call(membersApi.compMember, { params: { id: member.id }, body: { tierId: chosen, ...(until ? { until } : {}) } });
      onComped(answer.member);
      setDone(until ? MEMBER_PAGE.compedUntil(formatDate(`${until}T00:00:00Z`)) : MEMBER_PAGE.compedForGood);
    },
  });

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
      {shown && <LiveMessage tone={shown.tone}>{shown.text}</LiveMessage>}
      <Button type="submit" variant="secondary" disabled={busy}>
        {busy ? 'Comping…' : 'Comp'}
      </Button>
    </form>
  );
}
