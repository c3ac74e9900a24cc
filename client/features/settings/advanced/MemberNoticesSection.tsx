/**
 * The card "New member e-mails": how the creator hears of a new member and of
 * a new paying member or a sale, each time, once a day together, or not at all
 * (server/newsletters/member-notices.ts). Beside the welcome mail: both are mail
 * about joining.
 */
import { useState } from 'react';
import * as emailApi from '../../../../common/api/email.ts';
import type { MemberNoticeChoice, MemberNoticeSettings } from '../../../../common/member-notices.ts';
import { SERVER_MESSAGES } from '../../../../common/messages.ts';
import { useFormSubmit } from '../../../app/useFormSubmit.ts';
import { BusyButton } from '../../../components/BusyButton.tsx';
import { LiveMessage } from '../../../components/LiveMessage.tsx';
import { LoadFailed, Loading } from '../../../components/LoadStatus.tsx';
import { call } from '../../../lib/api.ts';
import { useLoad } from '../../../lib/useLoad.ts';
import './member-notices.css';

function labels(plural: string): Record<MemberNoticeChoice, string> {
  return { each: 'Each time', daily: `Once a day, all ${plural} together`, off: 'Never' };
}

const GROUPS: { key: keyof MemberNoticeSettings; legend: string; labels: Record<MemberNoticeChoice, string> }[] = [
  { key: 'newMember', legend: 'E-mail me when someone joins', labels: labels('new members') },
  // Sales (tips, gifts, products) follow this choice too (docs/decisions/167).
  { key: 'newPayingMember', legend: 'E-mail me when a member starts paying or someone buys', labels: labels('new paying members and sales') },
];

function NoticesForm({ initial }: { initial: MemberNoticeSettings }) {
  const [settings, setSettings] = useState(initial);
  const [saved, setSaved] = useState<string>();
  const form = useFormSubmit<never>({ fieldIds: {}, problemFor: (code) => ({ message: SERVER_MESSAGES[code] }) });

  const save = form.handleSubmit({
    check: () => ({}),
    send: async () => {
      setSaved(undefined);
      setSettings(await call(emailApi.saveMemberNotices, { body: settings }));
      setSaved('Saved.');
    },
  });

  return (
    <form className="member-notices" noValidate onSubmit={save}>
      {GROUPS.map((group) => (
        <fieldset key={group.key} className="member-notices__group">
          <legend className="field__label">{group.legend}</legend>
          {(Object.keys(group.labels) as MemberNoticeChoice[]).map((choice) => (
            <label key={choice} className="member-notices__option">
              <input type="radio" name={group.key} value={choice} checked={settings[group.key] === choice} onChange={() => setSettings((current) => ({ ...current, [group.key]: choice }))} />{' '}
              {group.labels[choice]}
            </label>
          ))}
        </fieldset>
      ))}
      <p className="field__hint">The daily e-mail comes shortly after midnight (UTC), only on days when someone joined or bought. A sale is a tip, a gift or a product. Members you import are never announced.</p>
      <LiveMessage tone="error">{form.message}</LiveMessage>
      <LiveMessage tone="success">{saved}</LiveMessage>
      <div>
        <BusyButton type="submit" busy={form.busy}>
          Save
        </BusyButton>
      </div>
    </form>
  );
}

export function MemberNoticesSection() {
  const { loaded, reload } = useLoad((signal) => call(emailApi.getMemberNotices, { signal }));

  return (
    <section className="settings-card" aria-labelledby="member-notices-heading">
      <h2 id="member-notices-heading" className="settings-card__title">
        New member e-mails
      </h2>
      {loaded.state === 'failed' && <LoadFailed message="Could not load your e-mail settings." onRetry={reload} />}
      {loaded.state === 'loading' && <Loading>Loading your e-mail settings…</Loading>}
      {loaded.state === 'ready' && <NoticesForm initial={loaded.data} />}
    </section>
  );
}
