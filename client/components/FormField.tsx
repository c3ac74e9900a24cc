/** A labelled text input with an optional hint and an error tied to it for assistive technology. */
import type { InputHTMLAttributes, ReactNode } from 'react';
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
}

export function FormField({ id, label, error, hint, labelAction, inputAddon, className, ...inputProps }: FormFieldProps) {
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
          aria-describedby={describedBy(id, { hasHint: hint !== undefined, error })}
          {...inputProps}
        />
        {inputAddon}
      </div>
      {hint !== undefined && (
        <p id={fieldHintId(id)} className="field__hint">
          {hint}
        </p>
      )}
      <FieldError fieldId={id} message={error} />
    </div>
  );
}
