/**
 * /domain (DESIGN.md "Your own domain"): enter a domain, the exact records to
 * add (Type, Host, Value and TTL as DNS providers label them, each with a copy
 * button and its own state), Check now, remove. The server checks by itself
 * too (a queue job with back-off) and mails the creator when the domain goes
 * live or breaks; a claim never proven expires, and the page says when. A
 * pasted URL is cut to its domain, and a server whose APP_URL only this
 * machine reaches says so first (issue 29).
 */
import { useCallback, useEffect, useState, type ChangeEvent } from 'react';
import * as domainsApi from '../../../common/api/domains.ts';
import { cleanHostnameInput, normaliseHostname, type DomainPlatform, type DomainRecord, type DomainView } from '../../../common/domains.ts';
import { SERVER_MESSAGES } from '../../../common/messages.ts';
import { useFormSubmit } from '../../app/useFormSubmit.ts';
import { usePageMeta } from '../../app/usePageMeta.ts';
import { BusyButton } from '../../components/BusyButton.tsx';
import { FormField } from '../../components/FormField.tsx';
import { LiveMessage } from '../../components/LiveMessage.tsx';
import { LoadFailed, Loading } from '../../components/LoadStatus.tsx';
import { apexNote, cleanedNotice, hostHelp, loopbackNotice, OPTIONAL_RECORD, PROVIDERS_HEADING, providerNotes, RECORD_COLUMNS, RECORD_PURPOSE, RECORD_TTL, wholeName } from '../../content/domain.ts';
import { call, toErrorCode } from '../../lib/api.ts';
import '../settings/general/settings.css';
import './domain.css';

type Loaded = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; domain: DomainView | null; platform: DomainPlatform };

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

function Records({ domain }: { domain: DomainView }) {
  const { records, zone } = domain;
  const pointingValue = records.find((record) => record.type === 'ALIAS' || record.type === 'CNAME')?.value;
  // The root's note once, under its first record (an A and an AAAA share it).
  const rootNoteAt = records.findIndex((record) => record.host === '@' && apexNote(record.type, zone, pointingValue));
  return (
    <>
      <ul className="domain-records">
        {records.map((record, index) => {
          const note = index === rootNoteAt ? apexNote(record.type, zone, pointingValue) : undefined;
          return (
            <li key={`${record.type} ${record.name} ${record.value}`} className={`domain-record domain-record--${record.optional && !record.ok ? 'optional' : record.state}`}>
              <p className="domain-record__head">
                <span className="domain-record__purpose">{record.optional ? OPTIONAL_RECORD : RECORD_PURPOSE[record.type]}</span>
                <span className="domain-record__state">{recordState(record)}</span>
              </p>
              <dl className="domain-record__fields">
                <div className="domain-record__field--type">
                  <dt>{RECORD_COLUMNS.type}</dt>
                  <dd>
                    <code className="domain-record__type">{record.type}</code>
                  </dd>
                </div>
                <div className="domain-record__field--host">
                  <dt>{RECORD_COLUMNS.host}</dt>
                  <dd>
                    <code>{record.host}</code> <CopyButton value={record.host} label={`${record.type} host for ${record.name}`} />
                  </dd>
                </div>
                <div className="domain-record__field--value">
                  <dt>{record.type === 'CAA' ? 'Add this' : RECORD_COLUMNS.value}</dt>
                  <dd>
                    <code>{record.value}</code> <CopyButton value={record.value} label={`${record.type} value for ${record.name}`} />
                  </dd>
                </div>
                <div className="domain-record__field--ttl">
                  <dt>{RECORD_COLUMNS.ttl}</dt>
                  <dd>{RECORD_TTL}</dd>
                </div>
              </dl>
              {record.host !== record.name && <p className="domain-record__name">{wholeName(record.name)}</p>}
              {note && <p className="domain-record__note">{note}</p>}
            </li>
          );
        })}
      </ul>
      <p className="domain-help">{hostHelp(zone)}</p>
      <details className="domain-providers">
        <summary>{PROVIDERS_HEADING}</summary>
        <dl>
          {providerNotes(zone).map(({ name, note }) => (
            <div key={name}>
              <dt>{name}</dt>
              <dd>{note}</dd>
            </div>
          ))}
        </dl>
      </details>
    </>
  );
}

function AddDomain({ onAdded }: { onAdded: (domain: DomainView) => void }) {
  const [hostname, setHostname] = useState('');
  const [cleaned, setCleaned] = useState<string | null>(null);
  // Every problem, the form's own or the server's, is said under the one field.
  const { errors, busy, handleSubmit } = useFormSubmit<'hostname'>({ fieldIds: { hostname: 'domain-hostname' }, problemFor: (code) => ({ field: 'hostname', message: SERVER_MESSAGES[code] }) });
  const checked = normaliseHostname(hostname, [window.location.hostname]);
  /**
   * A pasted or finished URL is cut to its domain in the field, and the page says so. Nothing moves when
   * there was nothing to cut: leaving the field for the button must not shift the button away from the pointer.
   */
  const tidy = (value: string) => {
    const tidied = cleanHostnameInput(value);
    if (tidied === value) return;
    setHostname(tidied);
    if (tidied !== '' && tidied !== value.trim().toLowerCase()) setCleaned(cleanedNotice(tidied));
  };
  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const { value } = event.target;
    setCleaned(null);
    setHostname(value);
    // More than one character at once is a paste (or an autofill): tidy it now. Typing is tidied on leaving.
    if (value.length - hostname.length > 1) tidy(value);
  };
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
        onChange={change}
        onBlur={(event) => tidy(event.target.value)}
        error={errors.hostname}
        hint="Like example.com or blog.example.com. If you enter example.com, www.example.com can redirect to it."
        autoComplete="off"
        spellCheck={false}
        inputMode="url"
      />
      <LiveMessage>{cleaned}</LiveMessage>
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
      <Records domain={domain} />
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
      .then(({ domain, platform }) => setLoaded({ state: 'ready', domain, platform }))
      .catch((failure: unknown) => setLoaded({ state: 'failed', message: SERVER_MESSAGES[toErrorCode(failure)] }));
  }, []);
  useEffect(fetchDomain, [fetchDomain]);
  const retry = () => {
    setLoaded({ state: 'loading' });
    fetchDomain();
  };
  const set = (domain: DomainView | null) => setLoaded((previous) => (previous.state === 'ready' ? { ...previous, domain } : previous));
  return (
    <div className="settings studio">
      <h1 className="settings__heading">Domain</h1>
      <section className="settings-card" aria-labelledby="domain-heading">
        <h2 id="domain-heading" className="settings-card__title">
          Your own domain
        </h2>
        {loaded.state === 'loading' && <Loading>Loading your domain…</Loading>}
        {loaded.state === 'failed' && <LoadFailed message={loaded.message} onRetry={retry} />}
        {loaded.state === 'ready' && loaded.platform.loopback && (
          <p className="notice domain-platform" role="note">
            {loopbackNotice(loaded.platform.appUrl)}
          </p>
        )}
        {loaded.state === 'ready' && (loaded.domain ? <DomainDetails domain={loaded.domain} onChange={set} /> : <AddDomain onAdded={set} />)}
      </section>
    </div>
  );
}
