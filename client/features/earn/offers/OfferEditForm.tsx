/**
 * Changing an offer once made, in a dialog: its name, its end date and its limit (PATCH /api/offers/:id). What it
 * gives stays as made, as Stripe's coupons do; the dialog says so. Each problem shows under its field, the form's own
 * checks first, then the server's (a day already past, a limit under the readers who paid).
 */
import { useId, useState } from 'react';
import * as offersApi from '../../../../common/api/offers.ts';
import type { OfferView } from '../../../../common/api/offers.ts';
import { SERVER_MESSAGES } from '../../../../common/messages.ts';
import { offerSummary } from '../../../../common/offer-terms.ts';
import { OFFER_NAME_MAX_LENGTH } from '../../../../common/offer-rules.ts';
import { useFormSubmit } from '../../../app/useFormSubmit.ts';
import { BusyButton } from '../../../components/BusyButton.tsx';
import { Button } from '../../../components/Button.tsx';
import { FormField } from '../../../components/FormField.tsx';
import { LiveMessage } from '../../../components/LiveMessage.tsx';
import { ModalDialog } from '../../../components/ModalDialog.tsx';
import { call } from '../../../lib/api.ts';
import { checkEdit, editDraftOf, type OfferEdit, type OfferEditField } from './offer-draft.ts';

const FIELD_IDS: Record<OfferEditField, string> = { name: 'offer-edit-name', endsAt: 'offer-edit-ends', redemptionLimit: 'offer-edit-limit' };


interface OfferEditFormProps {
  offer: OfferView | undefined;
  onClose: () => void;
  onSaved: (offer: OfferView) => void;
}

export function OfferEditForm({ offer, onClose, onSaved }: OfferEditFormProps) {
  const headingId = useId();
  return (
    <ModalDialog open={offer !== undefined} onClose={onClose} labelledBy={headingId} className="offer-form">
      {offer && <OfferEditBody key={offer.id} offer={offer} headingId={headingId} onClose={onClose} onSaved={onSaved} />}
    </ModalDialog>
  );
}

function OfferEditBody({ offer, headingId, onClose, onSaved }: { offer: OfferView; headingId: string; onClose: () => void; onSaved: (offer: OfferView) => void }) {
  const [draft, setDraft] = useState<OfferEdit>(() => editDraftOf(offer));
  const form = useFormSubmit<OfferEditField>({ fieldIds: FIELD_IDS, problemFor: (code) => ({ message: SERVER_MESSAGES[code] }) });
  const problems = form.errors;
  const set = (key: keyof OfferEdit, field: OfferEditField) => (value: string) => {
    setDraft((current) => ({ ...current, [key]: value }));
    form.clearError(field);
  };

  const submit = form.handleSubmit({
    check: () => checkEdit(draft, offer, new Date()).problems,
    send: async () => {
      const { body } = checkEdit(draft, offer, new Date());
      if (!body) return;
      if (Object.keys(body).length === 0) return onClose();
      try {
        const { offer: saved } = await call(offersApi.updateOffer, { params: { id: offer.id }, body });
        onSaved(saved);
      } catch (error) {
        form.showFieldRefusal(error);
      }
    },
  });

  return (
    <form className="earn-form" onSubmit={submit} noValidate>
      <h2 id={headingId} className="modal-dialog__title">
        Edit {offer.name}
      </h2>
      <p className="field__hint">
        {offerSummary(offer, offer.currency ?? 'usd')} on {offer.tierName}: what an offer gives cannot change once made.
      </p>
      <FormField id={FIELD_IDS.name} label="Name" hint="Readers see it on the offer page." maxLength={OFFER_NAME_MAX_LENGTH} value={draft.name} error={problems.name} onChange={(event) => set('name', 'name')(event.target.value)} />
      <FormField id={FIELD_IDS.endsAt} label="Ends on (optional)" type="date" hint="Empty: no end." value={draft.endsOn} error={problems.endsAt} onChange={(event) => set('endsOn', 'endsAt')(event.target.value)} />
      <FormField
        id={FIELD_IDS.redemptionLimit}
        label="Limit (optional)"
        inputMode="numeric"
        hint="How many readers may claim it. Empty: no limit."
        value={draft.redemptionLimit}
        error={problems.redemptionLimit}
        onChange={(event) => set('redemptionLimit', 'redemptionLimit')(event.target.value)}
      />
      {form.message && <LiveMessage tone="error">{form.message}</LiveMessage>}
      <div className="earn-form__actions">
        <Button variant="secondary" type="button" onClick={onClose}>
          Cancel
        </Button>
        <BusyButton busy={form.busy} type="submit">
          Save offer
        </BusyButton>
      </div>
    </form>
  );
}
