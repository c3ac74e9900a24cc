/**
 * The "Offers" section of /earn (DESIGN.md "More ways to be paid"): each offer with its code, its link (copied with
 * one button), its redemptions against its limit and its status; archived and brought back after a confirmation; a
 * new one made in a dialog (OfferForm.tsx). An offer is on a paid tier: without one, the section says where to add it.
 */
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import * as offersApi from '../../../../common/api/offers.ts';
import type { OfferView } from '../../../../common/api/offers.ts';
import * as tiersApi from '../../../../common/api/tiers.ts';
import { SERVER_MESSAGES } from '../../../../common/messages.ts';
import { offerSummary } from '../../../../common/offer-terms.ts';
import { Button } from '../../../components/Button.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { LiveMessage } from '../../../components/LiveMessage.tsx';
import { LoadFailed, Loading } from '../../../components/LoadStatus.tsx';
import { OFFER_STATUS_LABELS, OFFERS_EMPTY, OFFERS_NO_PAID_TIER } from '../../../content/offers.ts';
import { call, toErrorCode } from '../../../lib/api.ts';
import { useLoad } from '../../../lib/useLoad.ts';
import { CopyLinkButton } from '../CopyLinkButton.tsx';
import { OfferEditForm } from './OfferEditForm.tsx';
import { OfferForm } from './OfferForm.tsx';
import './offers.css';

const claimedWords = (offer: OfferView) => (offer.redemptionLimit === null ? `${offer.redemptions.toLocaleString()} claimed` : `${offer.redemptions.toLocaleString()} of ${offer.redemptionLimit.toLocaleString()} claimed`);

const endWords = (offer: OfferView) => (offer.endsAt ? `Ends ${new Date(offer.endsAt).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' })}` : '');

export function OffersSection() {
  const headingId = useId();
  const { loaded, reload } = useLoad(async (signal) => {
    const [offers, tiers] = await Promise.all([call(offersApi.listOffers, { signal }), call(tiersApi.listTiers, { signal })]);
    return { offers: offers.offers, tiers: tiers.tiers.filter((tier) => tier.type === 'paid' && tier.active) };
  });
  /** The list as this section changed it (made, archived), over the one loaded. */
  const [changed, setChanged] = useState<OfferView[]>();
  const offers = loaded.state === 'ready' ? (changed ?? loaded.data.offers) : undefined;
  // `?offerTier=`: the tiers list's "New offer" link opens the form on that tier.
  const [params, setParams] = useSearchParams();
  const askedTier = params.get('offerTier');
  const [making, setMaking] = useState<{ tierId?: string } | undefined>(askedTier ? { tierId: askedTier } : undefined);
  const closeForm = () => {
    setMaking(undefined);
    if (askedTier) setParams((current) => (current.delete('offerTier'), current), { replace: true });
  };
  const [archiving, setArchiving] = useState<OfferView>();
  const [editing, setEditing] = useState<OfferView>();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string }>();

  const replace = (offer: OfferView) => {
    if (loaded.state !== 'ready') return;
    setChanged((current = loaded.data.offers) => (current.some((one) => one.id === offer.id) ? current.map((one) => (one.id === offer.id ? offer : one)) : [offer, ...current]));
  };

  const toggleArchived = async () => {
    if (!archiving || busy) return;
    setBusy(true);
    setFailure(undefined);
    try {
      const { offer } = await call(offersApi.updateOffer, { params: { id: archiving.id }, body: { archived: archiving.status !== 'archived' } });
      replace(offer);
      setMessage({ tone: 'success', text: offer.status === 'archived' ? `${offer.name} is archived: its link no longer takes claims.` : `${offer.name} takes claims again.` });
      setArchiving(undefined);
    } catch (error) {
      setFailure(SERVER_MESSAGES[toErrorCode(error)]);
    } finally {
      setBusy(false);
    }
  };

  const paidTiers = loaded.state === 'ready' ? loaded.data.tiers : [];
  return (
    <section className="settings-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="settings-card__title">
        Offers
      </h2>
      <p className="earn-card__intro">A discount or a free trial on a paid tier, shared by its own link. Readers claim it and pay through Stripe.</p>
      {message && <LiveMessage tone={message.tone}>{message.text}</LiveMessage>}
      {loaded.state === 'loading' && <Loading>Loading your offers…</Loading>}
      {loaded.state === 'failed' && <LoadFailed message={SERVER_MESSAGES[loaded.code]} onRetry={reload} />}
      {loaded.state === 'ready' && paidTiers.length === 0 && <p className="earn-card__note">{OFFERS_NO_PAID_TIER}</p>}
      {offers && offers.length === 0 && paidTiers.length > 0 && <p className="earn-card__empty">{OFFERS_EMPTY}</p>}
      {offers && offers.length > 0 && (
        <ul className="earn-list">
          {offers.map((offer) => (
            <li key={offer.id} className={offer.status === 'active' ? 'earn-list__item earn-list__item--row' : 'earn-list__item earn-list__item--row earn-list__item--inactive'}>
              <div className="earn-list__text">
                <p className="earn-list__name">
                  {offer.name} <span className="earn-badge">{OFFER_STATUS_LABELS[offer.status]}</span>
                </p>
                <p>
                  {offerSummary(offer, offer.currency ?? 'usd')} on {offer.tierName}
                </p>
                <p className="earn-list__meta">
                  Code <code>{offer.code}</code> · {claimedWords(offer)}
                  {offer.endsAt ? ` · ${endWords(offer)}` : ''}
                </p>
                <p className="offers-list__link">
                  <a href={offer.url} target="_blank" rel="noreferrer">
                    {offer.url}
                  </a>
                </p>
              </div>
              <div className="earn-list__actions">
                <CopyLinkButton url={offer.url} label={offer.name} />
                <Button variant="ghost" onClick={() => setEditing(offer)} aria-label={`Edit ${offer.name}`}>
                  Edit
                </Button>
                <Button
                  variant="ghost"
                  onClick={() => {
                    setFailure(undefined);
                    setArchiving(offer);
                  }}
                  aria-label={`${offer.status === 'archived' ? 'Unarchive' : 'Archive'} ${offer.name}`}
                >
                  {offer.status === 'archived' ? 'Unarchive' : 'Archive'}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {paidTiers.length > 0 && (
        <div>
          <Button onClick={() => setMaking({})}>New offer</Button>
        </div>
      )}
      <OfferForm
        open={making !== undefined && paidTiers.length > 0}
        tiers={paidTiers}
        tierId={making?.tierId}
        onClose={closeForm}
        onMade={(offer) => {
          replace(offer);
          closeForm();
          setMessage({ tone: 'success', text: `${offer.name} is ready to share.` });
        }}
      />
      <OfferEditForm
        offer={editing}
        onClose={() => setEditing(undefined)}
        onSaved={(offer) => {
          replace(offer);
          setEditing(undefined);
          setMessage({ tone: 'success', text: `${offer.name} saved.` });
        }}
      />
      <ConfirmDialog
        open={archiving !== undefined}
        title={archiving?.status === 'archived' ? `Open ${archiving.name} again?` : `Archive ${archiving?.name ?? 'this offer'}?`}
        confirmLabel={archiving?.status === 'archived' ? 'Unarchive' : 'Archive offer'}
        cancelLabel="Keep as it is"
        busy={busy}
        error={failure}
        onConfirm={() => void toggleArchived()}
        onCancel={() => setArchiving(undefined)}
      >
        <p>
          {archiving?.status === 'archived'
            ? 'Its link takes claims again, within its end date and limit.'
            : 'Its link stops taking claims at once and says the offer is no longer available. Readers who claimed it keep their price.'}
        </p>
      </ConfirmDialog>
    </section>
  );
}
