/** The niche dropdown of SPEC.md section 3, one <optgroup> per category from common/niches.ts. */
import type { ChangeEvent } from 'react';
import { NICHE_GROUPS } from '../../../../common/niches.ts';
import { FieldError, describedBy } from '../../../components/FieldError.tsx';

interface NicheSelectProps {
  id: string;
  value: string;
  error: string | undefined;
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
}

export function NicheSelect({ id, value, error, onChange }: NicheSelectProps) {
  return (
    <div className="field">
      <div className="field__label-row">
        <label className="field__label" htmlFor={id}>
          Niche
        </label>
      </div>
      <select
        id={id}
        name="niche"
        className="field__select"
        value={value}
        onChange={onChange}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { error })}
      >
        <option value="" disabled>
          Select your niche
        </option>
        {NICHE_GROUPS.map((group) => (
          <optgroup key={group.category} label={group.category}>
            {group.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      <FieldError fieldId={id} message={error} />
    </div>
  );
}
