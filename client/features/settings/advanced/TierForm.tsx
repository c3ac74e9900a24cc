/**
 * Adding or editing a tier in a dialog: name, description, benefits (one a
 * line), monthly and yearly prices typed in major units (5.00) and sent in
 * minor units, currency. The free tier has no prices; a tier with members
 * keeps its currency (the server says so if changed). A preview shows how the
 * tier reads on the join page. A paid tier may start every join with a free
 * trial of some days; offers on it live on the Earn page.
 */
import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { TierBody, TierView } from '../../../../common/api/tiers.ts';
import { SERVER_MESSAGES } from '../../../../common/messages.ts';
import { TRIAL_DAYS_MAX, TRIAL_DAYS_MIN } from '../../../../common/offer-rules.ts';
import { formatMoney } from '../../../../common/money.ts';
import { TIER_CURRENCIES, TIER_DESCRIPTION_MAX_LENGTH, TIER_NAME_MAX_LENGTH, toMajorText, toMinorUnits, yearlySavingPercent } from '../../../../common/tiers.ts';
import { useFormSubmit } from '../../../app/useFormSubmit.ts';
import { BusyButton } from '../../../components/BusyButton.tsx';
import { Button } from '../../../components/Button.tsx';
import { CharacterCount } from '../../../components/CharacterCount.tsx';
import { describedBy } from '../../../components/FieldError.tsx';
import { FormField } from '../../../components/FormField.tsx';
import { LiveMessage } from '../../../components/LiveMessage.tsx';
import { ModalDialog } from '../../../components/ModalDialog.tsx';

interface TierFormProps {
  /** The tier edited, `'new'` for a new one, undefined when closed. */
  tier: TierView | 'new' | undefined;
  onClose: () => void;
  onSave: (body: TierBody) => Promise<void>;
}

interface Draft {
  name: string;
  description: string;
  benefits: string;
  monthly: string;
  yearly: string;
  currency: string;
  trialDays: string;
}

function draftOf(tier: TierView | 'new'): Draft {
  if (tier === 'new') return { name: '', description: '', benefits: '', monthly: '', yearly: '', currency: 'usd', trialDays: '' };
  return {
    name: tier.name,
    description: tier.description,
    benefits: tier.benefits.join('\n'),
    monthly: tier.monthlyPrice === null ? '' : toMajorText(tier.monthlyPrice, tier.currency),
    yearly: tier.yearlyPrice === null ? '' : toMajorText(tier.yearlyPrice, tier.currency),
    currency: tier.currency,
    trialDays: tier.trialDays === null ? '' : String(tier.trialDays),
  };
}

type Field = 'name' | 'monthly' | 'yearly' | 'trialDays';
const FIELD_IDS: Record<Field, string> = { name: 'tier-name', monthly: 'tier-monthly', yearly: 'tier-yearly', trialDays: 'tier-trial-days' };

/** Empty is no trial; otherwise whole days within the bounds, or undefined when it is not one. */
function trialDaysOf(typed: string): number | null | undefined {
  if (typed.trim() === '') return null;
  const days = Number(typed.trim());
  return Number.isInteger(days) && days >= TRIAL_DAYS_MIN && days <= TRIAL_DAYS_MAX ? days : undefined;
}

function priceOf(typed: string, currency: string): number | null | undefined {
  return typed.trim() === '' ? null : toMinorUnits(typed, currency);
}

export function TierForm({ tier, onClose, onSave }: TierFormProps) {
  const headingId = useId();
  return (
    <ModalDialog open={tier !== undefined} onClose={onClose} labelledBy={headingId} className="tier-form">
      {tier && <TierFormBody key={tier === 'new' ? 'new' : tier.id} tier={tier} headingId={headingId} onClose={onClose} onSave={onSave} />}
    </ModalDialog>
  );
}

function TierFormBody({ tier, headingId, onClose, onSave }: { tier: TierView | 'new'; headingId: string; onClose: () => void; onSave: (body: TierBody) => Promise<void> }) {
  const [draft, setDraft] = useState(() => draftOf(tier));
  const form = useFormSubmit<Field>({ fieldIds: FIELD_IDS, problemFor: (code) => ({ message: SERVER_MESSAGES[code] }) });
  const problems = form.errors;
  const free = tier !== 'new' && tier.type === 'free';
  const set = (field: keyof Draft) => (value: string) => setDraft((current) => ({ ...current, [field]: value }));
  const monthly = priceOf(draft.monthly, draft.currency);
  const yearly = priceOf(draft.yearly, draft.currency);
  const trialDays = trialDaysOf(draft.trialDays);

  const submit = form.handleSubmit({
    check: () => {
      const found: Partial<Record<Field, string>> = {};
      if (draft.name.trim() === '') found.name = 'Give the tier a name.';
      if (!free) {
        if (monthly === undefined) found.monthly = 'Type a price such as 5.00.';
        if (yearly === undefined) found.yearly = 'Type a price such as 50.00.';
        if (monthly === null && yearly === null) found.monthly = SERVER_MESSAGES['price-required'];
        if (trialDays === undefined) found.trialDays = `Type a number of days from ${TRIAL_DAYS_MIN} to ${TRIAL_DAYS_MAX}, or leave it empty for no trial.`;
      }
      return found;
    },
    send: async () => {
      const body: TierBody = {
        name: draft.name.trim(),
        description: draft.description.trim(),
        benefits: draft.benefits
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean),
        ...(free ? {} : { monthlyPrice: monthly ?? null, yearlyPrice: yearly ?? null, currency: draft.currency, trialDays: trialDays ?? null }),
      };
      await onSave(body);
    },
  });

  const saving = yearlySavingPercent(monthly ?? null, yearly ?? null);
  const previewPrices = [
    typeof monthly === 'number' ? `${formatMoney(monthly, draft.currency, { compact: true })} a month` : '',
    typeof yearly === 'number' ? `${formatMoney(yearly, draft.currency, { compact: true })} a year${saving > 0 ? ` (save ${saving}%)` : ''}` : '',
  ].filter(Boolean);

  return (
    <form className="tier-form__form" onSubmit={submit} noValidate>
      <h2 id={headingId} className="modal-dialog__title">
        {tier === 'new' ? 'New paid tier' : `Edit ${tier.name}`}
      </h2>
      <FormField id={FIELD_IDS.name} label="Name" value={draft.name} onChange={(event) => set('name')(event.target.value)} error={problems.name} maxLength={TIER_NAME_MAX_LENGTH} counted />
      <div className="field">
        <label className="field__label" htmlFor="tier-description">
          Description
        </label>
        <textarea
          id="tier-description"
          className="field__input"
          rows={2}
          maxLength={TIER_DESCRIPTION_MAX_LENGTH}
          aria-describedby={describedBy('tier-description', { hasCount: true })}
          value={draft.description}
          onChange={(event) => set('description')(event.target.value)}
        />
        <CharacterCount fieldId="tier-description" length={draft.description.length} max={TIER_DESCRIPTION_MAX_LENGTH} />
      </div>
      <div className="field">
        <label className="field__label" htmlFor="tier-benefits">
          Benefits
        </label>
        <textarea id="tier-benefits" className="field__input" rows={3} aria-describedby="tier-benefits-hint" value={draft.benefits} onChange={(event) => set('benefits')(event.target.value)} />
        <p id="tier-benefits-hint" className="field__hint">
          One a line, short: “Early access to every episode”.
        </p>
      </div>
      {!free && (
        <div className="tier-form__prices">
          <FormField id={FIELD_IDS.monthly} label="Monthly price" inputMode="decimal" placeholder="5.00" value={draft.monthly} onChange={(event) => set('monthly')(event.target.value)} error={problems.monthly} />
          <FormField id={FIELD_IDS.yearly} label="Yearly price" inputMode="decimal" placeholder="50.00" value={draft.yearly} onChange={(event) => set('yearly')(event.target.value)} error={problems.yearly} />
          <div className="field">
            <label className="field__label" htmlFor="tier-currency">
              Currency
            </label>
            <select id="tier-currency" className="field__input" value={draft.currency} onChange={(event) => set('currency')(event.target.value)}>
              {TIER_CURRENCIES.map((code) => (
                <option key={code} value={code}>
                  {code.toUpperCase()}
                </option>
              ))}
            </select>
          </div>
          <p className="field__hint tier-form__note">Leave one price empty to offer only the other. Members who already pay keep their price when you change it.</p>
          <FormField
            id={FIELD_IDS.trialDays}
            label="Free trial (days)"
            inputMode="numeric"
            placeholder="None"
            hint="Every new paid member starts with this many free days. Leave empty for no trial."
            value={draft.trialDays}
            onChange={(event) => set('trialDays')(event.target.value)}
            error={problems.trialDays}
          />
          <p className="field__hint tier-form__note">
            Discounts or trials for some readers only: see <Link to="/earn#offers">Offers</Link> on the Earn page.
          </p>
        </div>
      )}
      <div className="tier-form__preview" aria-label="Preview on your join page">
        <p className="tier-form__preview-label">On your join page</p>
        <p className="tier-form__preview-name">{draft.name.trim() || 'Your tier'}</p>
        <p>{free ? 'Free' : previewPrices.join(' or ') || 'Add a price'}</p>
      </div>
      {form.message && <LiveMessage tone="error">{form.message}</LiveMessage>}
      <div className="tier-form__actions">
        <Button variant="secondary" type="button" onClick={onClose}>
          Cancel
        </Button>
        <BusyButton busy={form.busy} type="submit">
          Save tier
        </BusyButton>
      </div>
    </form>
  );
}
