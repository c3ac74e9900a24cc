/** A labelled text input with an optional hint and an error tied to it for assistive technology. */
import type { InputHTMLAttributes, ReactNode } from 'react';
import { CharacterCount } from './CharacterCount.tsx';
import { FieldError, describedBy, fieldHintId } from './FieldError.tsx';
import './FormField.css';

export interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** Shown at the end of the label row, such as a 'Forgot password?' link. */
  labelAction?: ReactNode;
  /** Rendered inside the input's frame after it, such as a show/hide toggle. */
  inputAddon?: ReactNode;
  /** Shows "n / maxLength" under the input, for text that would otherwise be cut at the limit without a word. */
  counted?: boolean;
}

export function FormField({ id, label, error, hint, labelAction, inputAddon, counted = false, className, ...inputProps }: FormFieldProps) {
  const { maxLength, value } = inputProps;
  const count = counted && maxLength !== undefined && typeof value === 'string' ? { length: value.length, max: maxLength } : undefined;
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <div className="field__label-row">
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
        {labelAction}
      </div>
      <div className={inputAddon ? 'field__frame field__frame--with-addon' : 'field__frame'}>
        <input
          id={id}
          className="field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, { hasHint: hint !== undefined, hasCount: count !== undefined, error })}
          {...inputProps}
        />
        {inputAddon}
      </div>
      {count && <CharacterCount fieldId={id} length={count.length} max={count.max} />}
      {hint !== undefined && (
        <p id={fieldHintId(id)} className="field__hint">
          {hint}
        </p>
      )}
      <FieldError fieldId={id} message={error} />
    </div>
  );
}
