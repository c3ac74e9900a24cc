/**
 * The brand colour: a colour input, a few presets, and a preview of the
 * site's button in that colour. White text on a colour under WCAG AA (4.5:1)
 * is warned about, with the measured ratio, so the creator can pick darker.
 */
import { useId } from 'react';
import './site-forms.css';
import { BRAND_COLOR_PRESETS } from '../../content/sites.ts';
import { contrastWithWhite, WCAG_AA_NORMAL_TEXT } from './contrast.ts';

interface BrandColorFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
}

export function BrandColorField({ id, value, onChange }: BrandColorFieldProps) {
  const ratio = contrastWithWhite(value);
  const passes = ratio >= WCAG_AA_NORMAL_TEXT;
  const presetsLabel = useId();
  const contrastId = `${id}-contrast`;
  return (
    <div className="brand-color">
      <div className="field">
        <div className="field__label-row">
          <label className="field__label" htmlFor={id}>
            Brand colour
          </label>
        </div>
        <div className="brand-color__pick">
          <input id={id} type="color" className="brand-color__input" value={value} aria-describedby={contrastId} onChange={(event) => onChange(event.target.value.toLowerCase())} />
          <code className="brand-color__hex">{value}</code>
        </div>
      </div>
      <p id={presetsLabel} className="brand-color__presets-label">
        Or pick one of these:
      </p>
      <ul className="brand-color__presets" aria-labelledby={presetsLabel}>
        {BRAND_COLOR_PRESETS.map((preset) => (
          <li key={preset.value}>
            <button
              type="button"
              className="brand-color__swatch"
              style={{ background: preset.value }}
              aria-pressed={value === preset.value}
              aria-label={preset.name}
              title={preset.name}
              onClick={() => onChange(preset.value)}
            />
          </li>
        ))}
      </ul>
      <div className="brand-color__preview">
        <span className="brand-color__preview-label">Preview</span>
        <span className="brand-color__sample" style={{ background: value }}>
          Join for free
        </span>
      </div>
      <p id={contrastId} className={passes ? 'brand-color__contrast brand-color__contrast--ok' : 'brand-color__contrast brand-color__contrast--warn'} role="status">
        {passes
          ? `White text reads well on this colour (contrast ${ratio.toFixed(1)}:1).`
          : `White text is hard to read on this colour (contrast ${ratio.toFixed(1)}:1; accessibility guidelines ask for at least 4.5:1). Try a darker shade.`}
      </p>
    </div>
  );
}
