/**
 * The handle input with its live verdict (free, taken, invalid and why,
 * reserved) and the address the site will have. The verdict is a polite live
 * region tied to the input, so a screen reader hears it after typing stops.
 */
import { HANDLE_MAX_LENGTH } from '../../../common/handles.ts';
import '../../components/FormField.css';
import './site-forms.css';
import { FieldError, fieldErrorId } from '../../components/FieldError.tsx';
import { HANDLE_PROBLEM_MESSAGES } from '../../content/sites.ts';
import type { HandleCheck } from './useHandleCheck.ts';

interface HandleFieldProps {
  id: string;
  value: string;
  check: HandleCheck;
  error: string | undefined;
  onChange: (value: string) => void;
}

function verdict(check: HandleCheck, handle: string): { tone: 'ok' | 'bad' | 'muted'; text: string } | undefined {
  switch (check.state) {
    case 'empty':
      return undefined;
    case 'current':
      return { tone: 'ok', text: `@${handle} is your site's handle.` };
    case 'checking':
      return { tone: 'muted', text: 'Checking…' };
    case 'available':
      return { tone: 'ok', text: `@${handle} is free.` };
    case 'unavailable':
      return { tone: 'bad', text: HANDLE_PROBLEM_MESSAGES[check.problem] };
    case 'unknown':
      return { tone: 'muted', text: 'Could not check right now; we will check again when you continue.' };
  }
}

export function HandleField({ id, value, check, error, onChange }: HandleFieldProps) {
  const handle = value.trim().toLowerCase();
  // A refused submit puts the verdict's own words under the field as its error: said twice, it would be read twice.
  const said = error ? undefined : verdict(check, handle);
  const statusId = `${id}-status`;
  return (
    <div className="field">
      <div className="field__label-row">
        <label className="field__label" htmlFor={id}>
          Handle
        </label>
      </div>
      <div className="handle-field__frame">
        <span className="handle-field__at" aria-hidden="true">
          @
        </span>
        <input
          id={id}
          className="field__input handle-field__input"
          name="handle"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={HANDLE_MAX_LENGTH + 10}
          value={value}
          aria-invalid={error || check.state === 'unavailable' ? true : undefined}
          aria-describedby={[statusId, `${id}-address`, error ? fieldErrorId(id) : undefined].filter(Boolean).join(' ')}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
      <p id={statusId} className={`handle-field__status handle-field__status--${said?.tone ?? 'muted'}`} role="status">
        {said?.text}
      </p>
      <p id={`${id}-address`} className="field__hint">
        Your site's address: <strong className="handle-field__address">{window.location.origin}/@{handle || 'your-handle'}</strong>
      </p>
      <FieldError fieldId={id} message={error} />
    </div>
  );
}
