/**
 * The welcome mail card: on or off, the creator's own words (an empty text
 * sends the default, shown as the placeholder), and a preview of the mail as
 * a new member gets it. New members get it once their address is confirmed.
 */
import { useId, useState } from 'react';
import * as emailApi from '../../../../common/api/email.ts';
import { SERVER_MESSAGES } from '../../../../common/messages.ts';
import { useFormSubmit } from '../../../app/useFormSubmit.ts';
import { BusyButton } from '../../../components/BusyButton.tsx';
import { Button } from '../../../components/Button.tsx';
import { LiveMessage } from '../../../components/LiveMessage.tsx';
import { LoadFailed, Loading } from '../../../components/LoadStatus.tsx';
import { call } from '../../../lib/api.ts';
import { useLoad } from '../../../lib/useLoad.ts';
import { Dialog } from '../../posts/editor/Dialog.tsx';
import '../../posts/editor/editor.css';

const TEXT_MAX_LENGTH = 5000;

function WelcomeForm({ initial }: { initial: emailApi.WelcomeMailSettings }) {
  const id = useId();
  const [enabled, setEnabled] = useState(initial.enabled);
  const [text, setText] = useState(initial.text);
  const [saved, setSaved] = useState<string>();
  const form = useFormSubmit<never>({ fieldIds: {}, problemFor: (code) => ({ message: SERVER_MESSAGES[code] }) });
  const [preview, setPreview] = useState<{ html?: string; failed?: boolean }>();

  const save = form.handleSubmit({
    check: () => ({}),
    send: async () => {
      setSaved(undefined);
      const answer = await call(emailApi.saveWelcomeMail, { body: { enabled, text } });
      setEnabled(answer.enabled);
      setSaved(answer.enabled ? 'Saved. New members get it once they confirm their e-mail.' : 'Saved. New members get no welcome mail.');
    },
  });

  const showPreview = async () => {
    setPreview({});
    try {
      const answer = await call(emailApi.previewWelcomeMail, { body: { text } });
      setPreview({ html: answer.html });
    } catch {
      setPreview({ failed: true });
    }
  };

  return (
    <form className="welcome-form" noValidate onSubmit={save}>
      <div className="post-panel__choice">
        <input id={`${id}-on`} type="checkbox" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />
        <label htmlFor={`${id}-on`} className="post-panel__choice-label">
          Send a welcome e-mail to new members
        </label>
      </div>
      <label htmlFor={`${id}-text`} className="field__label">
        Your welcome
      </label>
      <textarea
        id={`${id}-text`}
        className="field__input"
        rows={6}
        maxLength={TEXT_MAX_LENGTH}
        placeholder={initial.defaultText}
        aria-describedby={`${id}-hint`}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <p id={`${id}-hint`} className="field__hint">
        Plain text; a blank line starts a new paragraph. Left empty, members get the words shown.
      </p>
      <LiveMessage tone="error">{form.message}</LiveMessage>
      <LiveMessage tone="success">{saved}</LiveMessage>
      <div className="post-panel__actions">
        <BusyButton type="submit" busy={form.busy}>
          Save
        </BusyButton>
        <Button type="button" variant="secondary" onClick={() => void showPreview()}>
          Preview
        </Button>
      </div>
      <Dialog open={preview !== undefined} title="Welcome e-mail preview" className="dialog--wide" onClose={() => setPreview(undefined)}>
        {preview?.failed && <p className="notice notice--error">Could not load the preview.</p>}
        {preview && !preview.html && !preview.failed && <Loading>Loading the preview…</Loading>}
        {preview?.html && <iframe className="email-preview__frame" title="The welcome e-mail as new members get it" sandbox="" srcDoc={preview.html} />}
        <div className="dialog__actions">
          <Button variant="secondary" onClick={() => setPreview(undefined)}>
            Close
          </Button>
        </div>
      </Dialog>
    </form>
  );
}

export function WelcomeMailSection() {
  const { loaded, reload } = useLoad((signal) => call(emailApi.getWelcomeMail, { signal }));

  return (
    <section className="settings-card" aria-labelledby="welcome-heading">
      <h2 id="welcome-heading" className="settings-card__title">
        Welcome e-mail
      </h2>
      {loaded.state === 'failed' && <LoadFailed message="Could not load your welcome e-mail." onRetry={reload} />}
      {loaded.state === 'loading' && <Loading>Loading your welcome e-mail…</Loading>}
      {loaded.state === 'ready' && <WelcomeForm initial={loaded.data} />}
    </section>
  );
}
