/**
 * The "Tips" section of /earn (DESIGN.md "More ways to be paid", docs/decisions/163): the tip jar's settings (on or
 * off, the amounts offered, a minimum and a maximum, typed in the currency's major unit), the tip page's address, the
 * totals, and each tip with its message, shown as text as React writes every value.
 */
import { useId, useState, type FormEvent } from 'react';
import * as sitesApi from '../../../../common/api/sites.ts';
import * as tipsApi from '../../../../common/api/tips.ts';
import type { TipView, TipsAnswer } from '../../../../common/api/tips.ts';
import { TIP_MAXIMUM_LIMIT, TIP_PRESETS_MAX, type TipSettings } from '../../../../common/earn.ts';
import { SERVER_MESSAGES } from '../../../../common/messages.ts';
import { formatMoney, stripeMinimumCharge } from '../../../../common/money.ts';
import { tipSettingsSchema } from '../../../../common/tip-schemas.ts';
import { LoadFailed, Loading } from '../../../components/LoadStatus.tsx';
import { call, toErrorCode } from '../../../lib/api.ts';
import { usePagedLoad } from '../../../lib/usePagedLoad.ts';
import { PublicPageLink } from '../PublicPageLink.tsx';
import { toMajor, toMinor } from './tip-amounts.ts';
import './tips.css';

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

function TipItem({ tip }: { tip: TipView }) {
  const from = tip.tipperName ?? tip.tipperEmail ?? 'Someone';
  return (
    <li className={tip.status === 'refunded' ? 'earn-list__item earn-list__item--inactive' : 'earn-list__item'}>
      <p className="earn-list__name">
        {formatMoney(tip.amount, tip.currency)} from {from}
        {tip.status === 'refunded' ? <span className="earn-badge earn-badge--spaced">Refunded</span> : tip.refunded > 0 ? <span className="earn-badge earn-badge--spaced">{formatMoney(tip.refunded, tip.currency)} refunded</span> : null}
      </p>
      <p className="earn-list__meta">
        {tip.paidAt ? day(tip.paidAt) : ''}
        {tip.postTitle ? ` · under “${tip.postTitle}”` : ''}
      </p>
      {tip.message && <blockquote className="earn-list__message">{tip.message}</blockquote>}
    </li>
  );
}

interface Draft {
  enabled: boolean;
  presets: string;
  minimum: string;
  maximum: string;
}

const draftOf = (settings: TipSettings, currency: string): Draft => ({
  enabled: settings.enabled,
  presets: settings.presets.map((amount) => toMajor(amount, currency)).join(', '),
  minimum: toMajor(settings.minimum, currency),
  maximum: toMajor(settings.maximum, currency),
});

/** The settings in minor units, or the words of what is wrong. */
function settingsOf(draft: Draft, currency: string): TipSettings | string {
  const typed = draft.presets.split(/[,;]/).map((part) => part.trim()).filter(Boolean);
  const presets = typed.map((part) => toMinor(part, currency));
  const minimum = toMinor(draft.minimum, currency);
  const maximum = toMinor(draft.maximum, currency);
  if (presets.some((amount) => amount === undefined) || minimum === undefined || maximum === undefined) return 'Write each amount as a number, such as 5 or 5.50.';
  const settings = { enabled: draft.enabled, presets: presets as number[], minimum, maximum };
  const floor = stripeMinimumCharge(currency);
  if (minimum >= floor && tipSettingsSchema.safeParse(settings).success) return settings;
  return `Amounts from the minimum (at least ${formatMoney(floor, currency)}, the smallest payment Stripe takes) to the maximum (at most ${formatMoney(TIP_MAXIMUM_LIMIT, currency)}), up to ${TIP_PRESETS_MAX} different ones.`;
}

function TipJarForm({ answer, onSaved }: { answer: TipsAnswer; onSaved: () => void }) {
  const { currency } = answer;
  const [draft, setDraft] = useState(() => draftOf(answer.settings, currency));
  const [problem, setProblem] = useState('');
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();
  const problemId = `${id}-problem`;

  async function save(event: FormEvent) {
    event.preventDefault();
    setStatus('');
    const settings = settingsOf(draft, currency);
    if (typeof settings === 'string') return setProblem(settings);
    setProblem('');
    setBusy(true);
    try {
      await call(sitesApi.updateMySite, { body: { tips: settings } });
      setStatus('Saved.');
      onSaved();
    } catch (error) {
      setProblem(SERVER_MESSAGES[toErrorCode(error)]);
    } finally {
      setBusy(false);
    }
  }

  const field = (name: 'presets' | 'minimum' | 'maximum', label: string, hint: string) => (
    <div className="field">
      <label className="field__label" htmlFor={`${id}-${name}`}>
        {label}
      </label>
      <p className="field__hint" id={`${id}-${name}-hint`}>
        {hint}
      </p>
      <input
        id={`${id}-${name}`}
        className="field__input"
        inputMode="decimal"
        value={draft[name]}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${id}-${name}-hint${problem ? ` ${problemId}` : ''}`}
        onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
      />
    </div>
  );

  return (
    <form className="tips-form" onSubmit={(event) => void save(event)} noValidate>
      <label className="tips-form__switch">
        <input type="checkbox" checked={draft.enabled} onChange={(event) => setDraft({ ...draft, enabled: event.target.checked })} /> Take tips on my site and under my posts
      </label>
      {field('presets', `Amounts offered (${currency.toUpperCase()})`, `Up to ${TIP_PRESETS_MAX}, separated by commas, such as 3, 5, 10.`)}
      <div className="tips-form__range">
        {field('minimum', 'Minimum', `The smallest tip: at least ${formatMoney(stripeMinimumCharge(currency), currency)}.`)}
        {field('maximum', 'Maximum', 'The largest tip.')}
      </div>
      {problem && (
        <p className="field__error" id={problemId} role="alert">
          {problem}
        </p>
      )}
      {draft.enabled && !answer.paymentsReady && <p className="tips-form__note">Connect Stripe in Settings to take tips: until then the tip page cannot take payments.</p>}
      <div className="tips-form__actions">
        <button className="button" type="submit" disabled={busy} aria-busy={busy}>
          {busy ? 'Saving…' : 'Save tip jar'}
        </button>
        <span role="status">{status}</span>
      </div>
    </form>
  );
}

export function TipsSection() {
  const headingId = useId();
  const { loaded, shown, loadingMore, more, startOver } = usePagedLoad(
    (page, signal) => call(tipsApi.listTips, { query: { page }, signal }),
    (answer) => answer.tips,
  );
  return (
    <section className="settings-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="settings-card__title">
        Tips
      </h2>
      <p className="earn-card__intro">Readers tip an amount they choose, from your tip page or under a post, with a message if they like.</p>
      {loaded.state === 'loading' && !loadingMore && <Loading>Loading your tips…</Loading>}
      {loaded.state === 'failed' && <LoadFailed message={SERVER_MESSAGES[loaded.code]} onRetry={startOver} />}
      {loaded.state === 'ready' && (
        <>
          <TipJarForm key={JSON.stringify(loaded.data.settings)} answer={loaded.data} onSaved={startOver} />
          {loaded.data.settings.enabled && (
            <PublicPageLink name="tip page" url={loaded.data.tipPageUrl} />
          )}
          {loaded.data.totals.count === 0 ? (
            <p className="earn-card__empty">No tips yet. Turn the tip jar on and share your tip page.</p>
          ) : (
            <>
              <dl className="earn-stats">
                <div>
                  <dt>Tips</dt>
                  <dd>{loaded.data.totals.count.toLocaleString()}</dd>
                </div>
                <div>
                  <dt>Revenue</dt>
                  <dd>{formatMoney(loaded.data.totals.revenue, loaded.data.currency)}</dd>
                </div>
              </dl>
              <ul className="earn-list">
                {shown.map((tip) => (
                  <TipItem key={tip.id} tip={tip} />
                ))}
              </ul>
              {loaded.data.hasMore && (
                <button className="button button--secondary" type="button" onClick={more}>
                  Show more tips
                </button>
              )}
            </>
          )}
        </>
      )}
    </section>
  );
}
