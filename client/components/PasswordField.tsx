/**
 * A password input with a show/hide toggle. The toggle keeps one accessible
 * name and reports its state with aria-pressed, as toggle buttons should.
 */
import { useState } from 'react';
import { FormField, type FormFieldProps } from './FormField.tsx';
import './PasswordField.css';

type PasswordFieldProps = Omit<FormFieldProps, 'type' | 'inputAddon'>;

export function PasswordField(props: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <FormField
      {...props}
      type={visible ? 'text' : 'password'}
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      inputAddon={
        <button
          type="button"
          className="password-toggle"
          aria-label="Show password"
          aria-pressed={visible}
          aria-controls={props.id}
          onClick={() => setVisible((shown) => !shown)}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
            <circle cx="12" cy="12" r="3.2" fill="none" stroke="currentColor" strokeWidth="1.8" />
            {visible && <path d="M4 4l16 16" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />}
          </svg>
        </button>
      }
    />
  );
}
