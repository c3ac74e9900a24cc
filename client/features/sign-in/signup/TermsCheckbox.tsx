/**
 * The terms checkbox. Its links open in a new tab so reading the policies
 * never throws away what the user has typed into the form.
 */
import type { ChangeEvent } from 'react';
import { FieldError, describedBy } from '../../../components/FieldError.tsx';

interface TermsCheckboxProps {
  id: string;
  checked: boolean;
  error: string | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

export function TermsCheckbox({ id, checked, error, onChange }: TermsCheckboxProps) {
  return (
    <div className="field">
      <div className="checkbox">
        <input
          id={id}
          name="agreeToTerms"
          type="checkbox"
          className="checkbox__input"
          checked={checked}
          onChange={onChange}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, { error })}
        />
        <label htmlFor={id} className="checkbox__label">
          I agree to the{' '}
          <a href="/terms-conditions" target="_blank" rel="noopener">
            Terms and Conditions<span className="visually-hidden"> (opens in a new tab)</span>
          </a>{' '}
          and{' '}
          <a href="/privacy-policy" target="_blank" rel="noopener">
            Privacy Policy<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
          .
        </label>
      </div>
      <FieldError fieldId={id} message={error} />
    </div>
  );
}
