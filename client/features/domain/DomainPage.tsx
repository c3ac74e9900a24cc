/**
 * /domain (DESIGN.md "Your own domain"): enter a domain, the exact records to
 * add (each with a copy button and its own state), Check now, remove. The
 * server checks by itself too (a queue job with back-off) and mails the
 * creator when the domain goes live or breaks; a claim never proven expires,
 * and the page says when.
 */
import { useCallback, useEffect, useState } from 'react';
import * as domainsApi from '../../../common/api/domains.ts';
import { normaliseHostname, type DomainRecord, type DomainView } from '../../../common/domains.ts';
import { SERVER_MESSAGES } from '../../../common/messages.ts';
import { useFormSubmit } from '../../app/useFormSubmit.ts';
import { usePageMeta } from '../../app/usePageMeta.ts';
import { BusyButton } from '../../components/BusyButton.tsx';
import { FormField } from '../../components/FormField.tsx';
import { LiveMessage } from '../../components/LiveMessage.tsx';
import { LoadFailed, Loading } from '../../components/LoadStatus.tsx';
import { call, toErrorCode } from '../../lib/api.ts';
import '../settings/general/settings.css';
import './domain.css';

type Loaded = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; domain: DomainView | null };

const STATUS_WORDS: Record<DomainView['status'], string> = { pending: 'Waiting for DNS', active: 'Live', failed: 'Needs attention' };

function recordState(record: DomainRecord): string {
  if (record.state === 'found') return 'Found';
  if (record.state === 'unchecked') return 'Not checked yet';
  if (record.state === 'missing') return 'Not found yet';
  return `Wrong value: found ${record.found?.join(', ') ?? 'something else'}`;
}

function CopyButton({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const copy = () => {
    void navigator.clipboard.writeText(value).then(() => {
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
    });
  };
  return (
    <button type="button" className="domain-record__copy" onClick={copy} aria-label={`Copy ${label}`}>
      {copied ? 'Copied' : 'Copy'}
    </button>
  );
}

function Records({ records }: { records: DomainRecord[] }) {
  return (
    <ul className="domain-records">
      {records.map((record) => (
        <li key={`${record.type} ${record.name} ${record.value}`} className={`domain-record domain-record--${record.optional && !record.ok ? 'optional' : record.state}`}>
          <p className="domain-record__head">
            <span className="domain-record__type">{record.type}</span>
            {record.optional && <span className="domain-record__optional">Optional: redirects to your domain</span>}
            <span className="domain-record__state">{recordState(record)}</span>
          </p>
          <dl className="domain-record__fields">
            <div>
              <dt>Name</dt>
              <dd>
                <code>{record.name}</code> <CopyButton value={record.name} label={`${record.type} name`} />
              </dd>
            </div>
            <div>
              <dt>{record.type === 'CAA' ? 'Add this' : 'Value'}</dt>
              <dd>
                <code>{record.value}</code> <CopyButton value={record.value} label={`${record.type} value`} />
              </dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}

function AddDomain({ onAdded }: { onAdded: (domain: DomainView) => void }) {
  const [hostname, setHostname] = useState('');
  // Every problem, the form's own or the server's, is said under the one field.
  const { errors, busy, handleSubmit } = useFormSubmit<'hostname'>({ fieldIds: { hostname: 'domain-hostname' }, problemFor: (code) => ({ field: 'hostname', message: SERVER_MESSAGES[code] }) });
  const checked = normaliseHostname(hostname, [window.location.hostname]);
  const submit = handleSubmit({
    check: () => (checked.ok ? {} : { hostname: checked.message }),
    send: async () => {
      if (!checked.ok) return;
      const { domain } = await call(domainsApi.addDomain, { body: { hostname: checked.hostname } });
      onAdded(domain);
    },
  });
  return (
    <form className="settings-form" noValidate onSubmit={(event) => void submit(event)}>
      <FormField
        id="domain-hostname"
        label="Your domain"
        value={hostname}
        onChange={(event) => setHostname(event.target.value)}
        error={errors.hostname}
        hint="Like example.com or blog.example.com. If you enter example.com, www.example.com can redirect to it."
        autoComplete="off"
        spellCheck={false}
        inputMode="url"
      />
      <div className="settings-form__actions">
        <BusyButton type="submit" busy={busy}>
          Add domain
        </BusyButton>
      </div>
    </form>
  );
}

function DomainDetails({ domain, onChange }: { domain: DomainView; onChange: (domain: DomainView | null) => void }) {
  const [busy, setBusy] = useState<'check' | 'remove' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const run = (action: 'check' | 'remove') => {
    if (busy) return;
    setBusy(action);
    setProblem(null);
    const params = { id: domain.id };
    const done = action === 'check' ? call(domainsApi.checkDomain, { params }).then(({ domain: checked }) => onChange(checked)) : call(domainsApi.removeDomain, { params }).then(() => onChange(null));
    done.catch((failure: unknown) => setProblem(SERVER_MESSAGES[toErrorCode(failure)])).finally(() => setBusy(null));
  };
  return (
    <>
      <p className="domain-status">
        <strong className="domain-status__name">{domain.displayName}</strong>
        <span className={`domain-status__badge domain-status__badge--${domain.status}`}>{STATUS_WORDS[domain.status]}</span>
      </p>
      {domain.status === 'active' ? (
        <LiveMessage tone="success">
          Your site is live at{' '}
          <a href={`https://${domain.hostname}/`} target="_blank" rel="noreferrer">
            https://{domain.displayName}
          </a>
          , with HTTPS.
        </LiveMessage>
      ) : (
        <p className="domain-help">Add these records at your DNS provider (where you bought the domain), then press Check now. We also check by ourselves and e-mail you when it is live.</p>
      )}
      {domain.status !== 'active' && domain.expiresAt && (
        <p className="domain-help">
          This claim expires on {new Date(domain.expiresAt).toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' })} unless the records are found. After that, you can add the domain again.
        </p>
      )}
      <LiveMessage tone="error" assertive>
        {domain.error}
      </LiveMessage>
      <Records records={domain.records} />
      {domain.lastCheckedAt && <p className="domain-help">Last checked {new Date(domain.lastCheckedAt).toLocaleString()}.</p>}
      <div className="domain-actions">
        <BusyButton busy={busy === 'check'} onClick={() => run('check')}>
          Check now
        </BusyButton>
        {confirming ? (
          <span className="domain-actions__confirm">
            <span>Remove {domain.displayName}? Your site goes back to its address here at once.</span>
            <BusyButton variant="secondary" busy={busy === 'remove'} onClick={() => run('remove')}>
              Yes, remove
            </BusyButton>
            <button type="button" className="domain-actions__cancel" onClick={() => setConfirming(false)}>
              Keep it
            </button>
          </span>
        ) : (
          <BusyButton variant="secondary" busy={false} onClick={() => setConfirming(true)}>
            Remove domain
          </BusyButton>
        )}
      </div>
      <LiveMessage tone="error">{problem}</LiveMessage>
    </>
  );
}

export default function DomainPage() {
  usePageMeta({ title: 'Domain | Creator Platform', robots: 'noindex' });
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const fetchDomain = useCallback(() => {
    call(domainsApi.getDomain)
      .then(({ domain }) => setLoaded({ state: 'ready', domain }))
      .catch((failure: unknown) => setLoaded({ state: 'failed', message: SERVER_MESSAGES[toErrorCode(failure)] }));
  }, []);
  useEffect(fetchDomain, [fetchDomain]);
  const retry = () => {
    setLoaded({ state: 'loading' });
    fetchDomain();
  };
  const set = (domain: DomainView | null) => setLoaded({ state: 'ready', domain });
  return (
    <div className="settings studio">
      <h1 className="settings__heading">Domain</h1>
      <section className="settings-card" aria-labelledby="domain-heading">
        <h2 id="domain-heading" className="settings-card__title">
          Your own domain
        </h2>
        {loaded.state === 'loading' && <Loading>Loading your domain…</Loading>}
        {loaded.state === 'failed' && <LoadFailed message={loaded.message} onRetry={retry} />}
        {loaded.state === 'ready' && (loaded.domain ? <DomainDetails domain={loaded.domain} onChange={set} /> : <AddDomain onAdded={set} />)}
      </section>
    </div>
  );
}
