/**
 * The "Tiers" section of /settings/advanced: the site's tiers in the order the
 * join page shows them, moved with up/down buttons (the keyboard's way to
 * reorder), added and edited in a dialog, archived and brought back after a
 * confirmation. Paid tiers need the site's Stripe account (the Payments
 * section); without it the section says why and what to do.
 */
import { useId, useState } from 'react';
import { Link } from 'react-router';
import * as offersApi from '../../../../common/api/offers.ts';
import type { OfferView } from '../../../../common/api/offers.ts';
import * as tiersApi from '../../../../common/api/tiers.ts';
import type { TierBody, TierView } from '../../../../common/api/tiers.ts';
import { SERVER_MESSAGES } from '../../../../common/messages.ts';
import { formatMoney } from '../../../../common/money.ts';
import { BusyButton } from '../../../components/BusyButton.tsx';
import { Button } from '../../../components/Button.tsx';
import { LiveMessage } from '../../../components/LiveMessage.tsx';
import { LoadFailed, Loading } from '../../../components/LoadStatus.tsx';
import { ModalDialog } from '../../../components/ModalDialog.tsx';
import { call, toErrorCode } from '../../../lib/api.ts';
import { useLoad } from '../../../lib/useLoad.ts';
import { TierForm } from './TierForm.tsx';
import './tiers.css';

/** `off`: STRIPE_SECRET_KEY is unset on this server; `not-ready`: the creator has not finished connecting Stripe. */
export type PaymentsState = 'not-ready' | 'ready';

function pricesOf(tier: TierView): string {
  if (tier.type === 'free') return 'Free';
  const prices = [
    tier.monthlyPrice === null ? '' : `${formatMoney(tier.monthlyPrice, tier.currency, { compact: true })} a month`,
    tier.yearlyPrice === null ? '' : `${formatMoney(tier.yearlyPrice, tier.currency, { compact: true })} a year`,
  ];
  return prices.filter(Boolean).join(' or ');
}

const PAYMENTS_NOTE: Record<Exclude<PaymentsState, 'ready'>, string> = {
  'not-ready': 'Connect Stripe in Payments above to offer paid tiers. Members then pay you directly, with a 0% cut.',
};

export function TiersSection({ payments }: { payments: PaymentsState }) {
  const headingId = useId();
  const confirmId = useId();
  const { loaded, reload } = useLoad((signal) => call(tiersApi.listTiers, { signal }).then((answer) => answer.tiers));
  // Each paid tier names its offers (made in Earn); without them the list still works, so a failure only leaves them out.
  const { loaded: offersLoaded } = useLoad((signal) => call(offersApi.listOffers, { signal }).then((answer) => answer.offers));
  const activeOffersOf = (tierId: string): OfferView[] => (offersLoaded.state === 'ready' ? offersLoaded.data.filter((offer) => offer.tierId === tierId && offer.status === 'active') : []);
  /** The list as this section changed it (saved, moved, archived), over the one loaded. */
  const [changed, setChanged] = useState<TierView[]>();
  const tiers = loaded.state === 'ready' ? (changed ?? loaded.data) : undefined;
  const [editing, setEditing] = useState<TierView | 'new'>();
  const [archiving, setArchiving] = useState<TierView>();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string }>();

  const replace = (tier: TierView) => {
    if (loaded.state !== 'ready') return;
    setChanged((current = loaded.data) => (current.some((one) => one.id === tier.id) ? current.map((one) => (one.id === tier.id ? tier : one)) : [...current, tier]));
  };

  const save = async (body: TierBody) => {
    const { tier } = editing === 'new' || editing === undefined ? await call(tiersApi.createTier, { body: { ...body, name: body.name ?? '' } }) : await call(tiersApi.updateTier, { params: { id: editing.id }, body });
    replace(tier);
    setEditing(undefined);
    setMessage({ tone: 'success', text: `${tier.name} saved.` });
  };

  const move = async (tiers: TierView[], index: number, by: -1 | 1) => {
    const order = tiers.map((tier) => tier.id);
    const [moved] = order.splice(index, 1);
    order.splice(index + by, 0, moved!);
    try {
      const answer = await call(tiersApi.reorderTiers, { body: { ids: order } });
      setChanged(answer.tiers);
      const tier = tiers[index]!;
      setMessage({ tone: 'success', text: `${tier.name} moved ${by < 0 ? 'up' : 'down'}.` });
      // The button pressed may now sit elsewhere: keep focus on the tier's own button in its new place.
      requestAnimationFrame(() => document.getElementById(`tier-${tier.id}-${by < 0 ? 'up' : 'down'}`)?.focus());
    } catch (error) {
      setMessage({ tone: 'error', text: SERVER_MESSAGES[toErrorCode(error)] });
    }
  };

  const toggleActive = async () => {
    if (!archiving || busy) return;
    setBusy(true);
    try {
      const { tier } = await call(tiersApi.updateTier, { params: { id: archiving.id }, body: { active: !archiving.active } });
      replace(tier);
      setMessage({ tone: 'success', text: tier.active ? `${tier.name} is open to new members again.` : `${tier.name} is archived. Its members keep it.` });
      setArchiving(undefined);
    } catch (error) {
      setMessage({ tone: 'error', text: SERVER_MESSAGES[toErrorCode(error)] });
      setArchiving(undefined);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="settings-card tiers-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="settings-card__title">
        Tiers
      </h2>
      <p className="tiers-section__intro">What fans can join, in the order your join page shows it. Your free tier is always there.</p>
      {payments !== 'ready' && <p className="tiers-section__note">{PAYMENTS_NOTE[payments]}</p>}
      {message && <LiveMessage tone={message.tone}>{message.text}</LiveMessage>}
      {loaded.state === 'loading' && <Loading>Loading your tiers…</Loading>}
      {loaded.state === 'failed' && <LoadFailed message={SERVER_MESSAGES[loaded.code]} onRetry={reload} />}
      {tiers && (
        <ol className="tiers-list">
          {tiers.map((tier, index) => (
            <li key={tier.id} className={`tiers-list__item${tier.active ? '' : ' tiers-list__item--archived'}`}>
              <div className="tiers-list__text">
                <p className="tiers-list__name">
                  {tier.name}
                  {!tier.active && <span className="tiers-list__badge"> Archived</span>}
                </p>
                <p className="tiers-list__price">{pricesOf(tier)}</p>
                {tier.benefits.length > 0 && <p className="tiers-list__benefits">{tier.benefits.join(' · ')}</p>}
                {tier.type === 'paid' && tier.active && (
                  <p className="tiers-list__offers">
                    {activeOffersOf(tier.id).length > 0 ? `Offers: ${activeOffersOf(tier.id).map((offer) => offer.name).join(', ')} · ` : ''}
                    <Link to={`/earn?offerTier=${tier.id}#offers`}>New offer on {tier.name}</Link>
                  </p>
                )}
              </div>
              <div className="tiers-list__actions">
                <Button variant="ghost" id={`tier-${tier.id}-up`} disabled={index === 0} onClick={() => void move(tiers, index, -1)} aria-label={`Move ${tier.name} up`}>
                  ↑
                </Button>
                <Button variant="ghost" id={`tier-${tier.id}-down`} disabled={index === tiers.length - 1} onClick={() => void move(tiers, index, 1)} aria-label={`Move ${tier.name} down`}>
                  ↓
                </Button>
                <Button variant="secondary" onClick={() => setEditing(tier)} aria-label={`Edit ${tier.name}`}>
                  Edit
                </Button>
                {tier.type === 'paid' && (
                  <Button variant="ghost" onClick={() => setArchiving(tier)}>
                    {tier.active ? 'Archive' : 'Unarchive'}
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ol>
      )}
      <div>
        <Button onClick={() => setEditing('new')} disabled={payments !== 'ready'}>
          Add a paid tier
        </Button>
      </div>
      <TierForm tier={editing} onClose={() => setEditing(undefined)} onSave={save} />
      <ModalDialog open={archiving !== undefined} onClose={() => setArchiving(undefined)} labelledBy={confirmId} alert>
        {archiving && (
          <>
            <h2 id={confirmId} className="modal-dialog__title">
              {archiving.active ? `Archive ${archiving.name}?` : `Open ${archiving.name} again?`}
            </h2>
            <p>{archiving.active ? 'New fans can no longer join it. Members who have it keep it and keep paying until they leave.' : 'Fans can join it again from your join page.'}</p>
            <div className="tier-form__actions">
              <Button variant="secondary" onClick={() => setArchiving(undefined)}>
                Keep as it is
              </Button>
              <BusyButton busy={busy} onClick={() => void toggleActive()}>
                {archiving.active ? 'Archive' : 'Unarchive'}
              </BusyButton>
            </div>
          </>
        )}
      </ModalDialog>
    </section>
  );
}
