/**
 * The creator's settings for messages and comments, on the inbox page: who
 * may write, who may comment, and how unread messages are mailed. Saved
 * together through the site's update (PATCH /api/sites/mine).
 */
import { useState } from 'react';
import * as sitesApi from '../../../../common/api/sites.ts';
import type { Audience, MessageNotices } from '../../../../common/messaging.ts';
import { useFormSubmit } from '../../../app/useFormSubmit.ts';
import { BusyButton } from '../../../components/BusyButton.tsx';
import { LiveMessage } from '../../../components/LiveMessage.tsx';
import { siteErrorMessage } from '../../../content/sites.ts';
import { useMySite } from '../../sites/useMySite.ts';
import { call } from '../../../lib/api.ts';

const AUDIENCE_LABELS: Record<Audience, string> = { members: 'Any member', paid: 'Paying members only', off: 'Nobody (turned off)' };
const NOTICE_LABELS: Record<MessageNotices, string> = {
  soon: 'A few minutes after a message I have not read',
  daily: 'Once a day, all unread messages together',
  off: 'Never',
};

function Choice<Value extends string>({ legend, name, labels, value, onChange }: { legend: string; name: string; labels: Record<Value, string>; value: Value; onChange: (value: Value) => void }) {
  return (
    <fieldset className="talk-settings__group">
      <legend className="field__label">{legend}</legend>
      {(Object.keys(labels) as Value[]).map((option) => (
        <label key={option} className="talk-settings__option">
          <input type="radio" name={name} value={option} checked={value === option} onChange={() => onChange(option)} /> {labels[option]}
        </label>
      ))}
    </fieldset>
  );
}

function SettingsForm({ site }: { site: sitesApi.SiteJson }) {
  const [messagesFrom, setMessagesFrom] = useState(site.messagesFrom);
  const [commentsFrom, setCommentsFrom] = useState(site.commentsFrom);
  const [messageNotices, setMessageNotices] = useState(site.messageNotices);
  const [saved, setSaved] = useState(false);
  const { message: problem, busy, handleSubmit } = useFormSubmit<never>({ fieldIds: {}, problemFor: (code) => ({ message: siteErrorMessage(code) }) });
  const result = problem ? { tone: 'error' as const, message: problem } : saved ? { tone: 'success' as const, message: 'Saved.' } : undefined;

  const save = handleSubmit({
    check: () => ({}),
    send: async () => {
      setSaved(false);
      await call(sitesApi.updateMySite, { body: { messagesFrom, commentsFrom, messageNotices } });
      setSaved(true);
    },
  });

  return (
    <form className="talk-settings__form" onSubmit={(event) => void save(event)}>
      <Choice legend="Who may write to you" name="messagesFrom" labels={AUDIENCE_LABELS} value={messagesFrom} onChange={setMessagesFrom} />
      <Choice legend="Who may comment on your posts" name="commentsFrom" labels={AUDIENCE_LABELS} value={commentsFrom} onChange={setCommentsFrom} />
      <Choice legend="E-mail me about unread messages" name="messageNotices" labels={NOTICE_LABELS} value={messageNotices} onChange={setMessageNotices} />
      <LiveMessage tone={result?.tone}>{result?.message}</LiveMessage>
      <div>
        <BusyButton type="submit" variant="secondary" busy={busy}>
          Save
        </BusyButton>
      </div>
    </form>
  );
}

export function TalkSettings() {
  const { loaded } = useMySite();
  if (loaded.state !== 'ready' || !loaded.site) return null;
  return (
    <details className="talk-settings">
      <summary>Settings for messages and comments</summary>
      <SettingsForm site={loaded.site} />
    </details>
  );
}
