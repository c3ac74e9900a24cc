/**
 * /support (issue 20): a short guide to each area of the studio, how to reach
 * the operator (SUPPORT_EMAIL), the server's version and whether maintenance
 * is on, and a contact form that mails the operator with the account's details.
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import * as supportApi from '../../../common/api/support.ts';
import { SERVER_MESSAGES } from '../../../common/messages.ts';
import { SUPPORT_MESSAGE_MAX, SUPPORT_SUBJECT_MAX } from '../../../common/support-limits.ts';
import { useAuth } from '../../app/auth.tsx';
import { usePageMeta } from '../../app/usePageMeta.ts';
import { BusyButton } from '../../components/BusyButton.tsx';
import { FormField } from '../../components/FormField.tsx';
import { LiveMessage } from '../../components/LiveMessage.tsx';
import { call, toErrorCode } from '../../lib/api.ts';
import { useLoad } from '../../lib/useLoad.ts';
import { SUPPORT_GUIDES } from './support-guides.ts';
import '../overview/overview.css';
import './support.css';

function ContactForm() {
  const { user } = useAuth();
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<{ subject?: string; message?: string }>({});
  const [status, setStatus] = useState<{ busy: boolean; tone: 'success' | 'error'; text: string }>({ busy: false, tone: 'success', text: '' });

  async function send(event: FormEvent) {
    event.preventDefault();
    if (status.busy) return;
    const found = { ...(subject.trim() ? {} : { subject: 'Write a subject.' }), ...(message.trim() ? {} : { message: 'Write your message.' }) };
    setErrors(found);
    if (found.subject || found.message) return;
    setStatus({ busy: true, tone: 'success', text: '' });
    try {
      await call(supportApi.sendSupportMessage, { body: { subject, message } });
      setSubject('');
      setMessage('');
      setStatus({ busy: false, tone: 'success', text: `Sent. The operator will answer at ${user?.email ?? 'your e-mail address'}.` });
    } catch (error) {
      setStatus({ busy: false, tone: 'error', text: SERVER_MESSAGES[toErrorCode(error)] });
    }
  }

  return (
    <form className="support-form" onSubmit={(event) => void send(event)} noValidate>
      <FormField id="support-subject" label="Subject" value={subject} maxLength={SUPPORT_SUBJECT_MAX} error={errors.subject} onChange={(event) => setSubject(event.target.value)} />
      <div className="field">
        <div className="field__label-row">
          <label className="field__label" htmlFor="support-message">
            Message
          </label>
        </div>
        <textarea
          id="support-message"
          className="field__input"
          rows={6}
          maxLength={SUPPORT_MESSAGE_MAX}
          value={message}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? 'support-message-error' : 'support-message-hint'}
          onChange={(event) => setMessage(event.target.value)}
        />
        {errors.message ? (
          <p id="support-message-error" className="field__error">
            {errors.message}
          </p>
        ) : (
          <p id="support-message-hint" className="overview-card__note">
            Your name, e-mail and site go with it, so the operator knows who is asking.
          </p>
        )}
      </div>
      <BusyButton type="submit" busy={status.busy}>
        Send message
      </BusyButton>
      <LiveMessage tone={status.tone}>{status.text}</LiveMessage>
    </form>
  );
}

export default function SupportPage() {
  usePageMeta({ title: 'Support | Creator Platform', robots: 'noindex' });
  const { loaded } = useLoad((signal) => call(supportApi.supportInfo, { signal }));
  const info = loaded.state === 'ready' ? loaded.data : undefined;
  return (
    <div className="overview studio support">
      <header className="overview__header">
        <div>
          <h1 className="overview__heading">Support</h1>
          <p className="overview__sub">A short guide to each part of your studio, and how to reach us.</p>
        </div>
      </header>
      <section className="overview-card" aria-labelledby="contact-heading">
        <h2 id="contact-heading" className="overview-card__title">
          Contact support
        </h2>
        {info ? (
          <dl className="support-facts">
            <div>
              <dt>E-mail</dt>
              <dd>
                <a href={`mailto:${info.supportEmail}`}>{info.supportEmail}</a>
              </dd>
            </div>
            <div>
              <dt>Server version</dt>
              <dd>{info.version}</dd>
            </div>
            <div>
              <dt>Maintenance</dt>
              <dd>{info.maintenance ? 'On: some things may not work for now.' : 'Off: everything is running.'}</dd>
            </div>
          </dl>
        ) : (
          loaded.state === 'failed' && <p className="overview-card__note">{SERVER_MESSAGES[loaded.code]}</p>
        )}
        <ContactForm />
      </section>
      <section aria-labelledby="guides-heading" className="support-guides">
        <h2 id="guides-heading" className="overview-card__title">
          Guides
        </h2>
        {SUPPORT_GUIDES.map((guide) => (
          <article key={guide.id} id={guide.id} className="overview-card support-guide" aria-labelledby={`${guide.id}-heading`}>
            <h3 id={`${guide.id}-heading`} className="support-guide__title">
              <Link to={guide.path}>{guide.title}</Link>
            </h3>
            <p>{guide.text}</p>
          </article>
        ))}
      </section>
    </div>
  );
}
