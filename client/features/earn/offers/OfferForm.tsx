/**
 * Making an offer, in a dialog: the tier, a name (the code is suggested from it until the creator types their own),
 * what it gives (a percentage or an amount off for a duration, or a free trial of some days), an end date and a limit.
 * Each problem shows under its field, the form's own checks first, then the server's (a code already used).
 */
import { useId, useState } from 'react';
import * as offersApi from '../../../../common/api/offers.ts';
import type { OfferView } from '../../../../common/api/offers.ts';
import type { TierView } from '../../../../common/api/tiers.ts';
import { OFFER_DURATIONS, OFFER_KINDS } from '../../../../common/earn.ts';
import { SERVER_MESSAGES } from '../../../../common/messages.ts';
import { formatMoney } from '../../../../common/money.ts';
import { OFFER_NAME_MAX_LENGTH, suggestOfferCode } from '../../../../common/offer-rules.ts';
import { useFormSubmit } from '../../../app/useFormSubmit.ts';
import { BusyButton } from '../../../components/BusyButton.tsx';
import { Button } from '../../../components/Button.tsx';
import { describedBy, FieldError } from '../../../components/FieldError.tsx';
import { FormField } from '../../../components/FormField.tsx';
import { LiveMessage } from '../../../components/LiveMessage.tsx';
import { ModalDialog } from '../../../components/ModalDialog.tsx';
import { OFFER_DURATION_LABELS, OFFER_KIND_LABELS } from '../../../content/offers.ts';
import { call } from '../../../lib/api.ts';
import { checkDraft, emptyDraft, type OfferDraft, type OfferField } from './offer-draft.ts';

const FIELD_IDS: Record<OfferField, string> = {
  tierId: 'offer-tier',
  name: 'offer-name',
  code: 'offer-code',
  percentOff: 'offer-percent',
  amountOff: 'offer-amount',
  trialDays: 'offer-trial-days',
  durationMonths: 'offer-months',
  endsAt: 'offer-ends',
  redemptionLimit: 'offer-limit',
};


const priceLabel = (tier: TierView) =>
  [tier.monthlyPrice === null ? '' : `${formatMoney(tier.monthlyPrice, tier.currency, { compact: true })} a month`, tier.yearlyPrice === null ? '' : `${formatMoney(tier.yearlyPrice, tier.currency, { compact: true })} a year`]
    .filter(Boolean)
    .join(' or ');

interface OfferFormProps {
  open: boolean;
  /** The paid tiers open to new members: an offer is made on one of them. */
  tiers: TierView[];
  /** The tier chosen first (from the tiers list's link); else the first. */
  tierId?: string | undefined;
  onClose: () => void;
  onMade: (offer: OfferView) => void;
}

export function OfferForm({ open, tiers, tierId, onClose, onMade }: OfferFormProps) {
  const headingId = useId();
  return (
    <ModalDialog open={open} onClose={onClose} labelledBy={headingId} className="offer-form">
      {open && <OfferFormBody tiers={tiers} tierId={tierId} headingId={headingId} onClose={onClose} onMade={onMade} />}
    </ModalDialog>
  );
}

function OfferFormBody({ tiers, tierId, headingId, onClose, onMade }: Omit<OfferFormProps, 'open'> & { headingId: string }) {
  const [draft, setDraft] = useState<OfferDraft>(() => emptyDraft(tiers.find((tier) => tier.id === tierId)?.id ?? tiers[0]?.id ?? ''));
  const form = useFormSubmit<OfferField>({ fieldIds: FIELD_IDS, problemFor: (code) => ({ message: SERVER_MESSAGES[code] }) });
  const problems = form.errors;
  const tier = tiers.find((one) => one.id === draft.tierId);
  const set = <Key extends keyof OfferDraft>(key: Key, value: OfferDraft[Key], field?: OfferField) => {
    setDraft((current) => ({ ...current, [key]: value }));
    if (field) form.clearError(field);
  };

  const submit = form.handleSubmit({
    check: () => checkDraft(draft, tier, new Date()).problems,
    send: async () => {
      const { body } = checkDraft(draft, tier, new Date());
      if (!body) return;
      try {
        const { offer } = await call(offersApi.createOffer, { body });
        onMade(offer);
      } catch (error) {
        // The server's refusal of one field (a code already used, an end date just past) goes under that field.
        form.showFieldRefusal(error);
      }
    },
  });

  return (
    <form className="earn-form" onSubmit={submit} noValidate>
      <h2 id={headingId} className="modal-dialog__title">
        New offer
      </h2>
      <div className="field">
        <label className="field__label" htmlFor={FIELD_IDS.tierId}>
          Tier
        </label>
        <select
          id={FIELD_IDS.tierId}
          className="field__input"
          value={draft.tierId}
          onChange={(event) => set('tierId', event.target.value, 'tierId')}
          aria-invalid={problems.tierId ? true : undefined}
          aria-describedby={describedBy(FIELD_IDS.tierId, { error: problems.tierId })}
        >
          {tiers.map((one) => (
            <option key={one.id} value={one.id}>
              {one.name} ({priceLabel(one)})
            </option>
          ))}
        </select>
        <FieldError fieldId={FIELD_IDS.tierId} message={problems.tierId} />
      </div>
      <FormField
        id={FIELD_IDS.name}
        label="Name"
        hint="Readers see it on the offer page."
        maxLength={OFFER_NAME_MAX_LENGTH}
        value={draft.name}
        error={problems.name}
        onChange={(event) => {
          const name = event.target.value;
          setDraft((current) => ({ ...current, name, ...(current.codeEdited ? {} : { code: suggestOfferCode(name) }) }));
          form.clearError('name');
        }}
      />
      <FormField
        id={FIELD_IDS.code}
        label="Code"
        hint="The end of the offer's link: lowercase letters, digits and dashes."
        autoCapitalize="none"
        spellCheck={false}
        value={draft.code}
        error={problems.code}
        onChange={(event) => {
          setDraft((current) => ({ ...current, code: event.target.value, codeEdited: true }));
          form.clearError('code');
        }}
      />
      <fieldset className="offer-form__kinds">
        <legend className="field__label">What it gives</legend>
        {OFFER_KINDS.map((kind) => (
          <label key={kind} className="offer-form__choice">
            <input type="radio" name="offer-kind" value={kind} checked={draft.kind === kind} onChange={() => set('kind', kind)} /> {OFFER_KIND_LABELS[kind]}
          </label>
        ))}
      </fieldset>
      {draft.kind === 'percent' && <FormField id={FIELD_IDS.percentOff} label="Percentage off" inputMode="numeric" placeholder="25" value={draft.percentOff} error={problems.percentOff} onChange={(event) => set('percentOff', event.target.value, 'percentOff')} />}
      {draft.kind === 'amount' && (
        <FormField
          id={FIELD_IDS.amountOff}
          label={`Amount off${tier ? ` (${tier.currency.toUpperCase()})` : ''}`}
          inputMode="decimal"
          placeholder="2.00"
          value={draft.amountOff}
          error={problems.amountOff}
          onChange={(event) => set('amountOff', event.target.value, 'amountOff')}
        />
      )}
      {draft.kind === 'trial' && <FormField id={FIELD_IDS.trialDays} label="Free days" inputMode="numeric" placeholder="14" hint="Then the tier's full price." value={draft.trialDays} error={problems.trialDays} onChange={(event) => set('trialDays', event.target.value, 'trialDays')} />}
      {draft.kind !== 'trial' && (
        <div className="field">
          <label className="field__label" htmlFor="offer-duration">
            Applies to
          </label>
          <select id="offer-duration" className="field__input" value={draft.duration} onChange={(event) => set('duration', event.target.value as OfferDraft['duration'])}>
            {OFFER_DURATIONS.map((duration) => (
              <option key={duration} value={duration}>
                {OFFER_DURATION_LABELS[duration]}
              </option>
            ))}
          </select>
        </div>
      )}
      {draft.kind !== 'trial' && draft.duration === 'repeating' && (
        <FormField id={FIELD_IDS.durationMonths} label="Months" inputMode="numeric" placeholder="3" value={draft.durationMonths} error={problems.durationMonths} onChange={(event) => set('durationMonths', event.target.value, 'durationMonths')} />
      )}
      <FormField id={FIELD_IDS.endsAt} label="Ends on (optional)" type="date" value={draft.endsOn} error={problems.endsAt} onChange={(event) => set('endsOn', event.target.value, 'endsAt')} />
      <FormField
        id={FIELD_IDS.redemptionLimit}
        label="Limit (optional)"
        inputMode="numeric"
        hint="How many readers may claim it. Empty: no limit."
        value={draft.redemptionLimit}
        error={problems.redemptionLimit}
        onChange={(event) => set('redemptionLimit', event.target.value, 'redemptionLimit')}
      />
      <p className="field__hint">Once made, what an offer gives cannot change. You can rename it, change its end date or limit, or archive it.</p>
      {form.message && <LiveMessage tone="error">{form.message}</LiveMessage>}
      <div className="earn-form__actions">
        <Button variant="secondary" type="button" onClick={onClose}>
          Cancel
        </Button>
        <BusyButton busy={form.busy} type="submit">
          Make offer
        </BusyButton>
      </div>
    </form>
  );
}
