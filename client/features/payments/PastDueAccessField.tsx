/** Whether members whose card payment failed keep reading while Stripe retries it (the site's `pastDueAccess`, on unless the creator turns it off). */
import { fieldHintId } from '../../components/FieldError.tsx';

export function PastDueAccessField({ id, checked, onChange }: { id: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <div className="field">
      <div className="checkbox">
        <input id={id} type="checkbox" className="checkbox__input" checked={checked} aria-describedby={fieldHintId(id)} onChange={(event) => onChange(event.target.checked)} />
        <label htmlFor={id} className="checkbox__label">
          Keep access while a payment is retried
        </label>
      </div>
      <p id={fieldHintId(id)} className="field__hint">
        When a member’s card is declined, Stripe tries again over the next days. This is on unless you turn it off: members keep reading meanwhile, as most would expect of a card that failed once. Turn it off and paid posts close to them until a payment goes through.
      </p>
    </div>
  );
}
