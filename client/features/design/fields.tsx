/** The small labelled inputs of the design editor's forms, each with its own id and, for text, a live length limit. */
import { useId, type ReactNode } from 'react';

export function TextField({ label, value, onChange, max, multiline = false, type = 'text', hint }: { label: string; value: string; onChange: (value: string) => void; max: number; multiline?: boolean; type?: 'text' | 'url'; hint?: string }) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="design-field">
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea id={id} value={value} maxLength={max} rows={4} onChange={(event) => onChange(event.target.value)} aria-describedby={hint ? hintId : undefined} />
      ) : (
        <input id={id} type={type} value={value} maxLength={max} onChange={(event) => onChange(event.target.value)} aria-describedby={hint ? hintId : undefined} />
      )}
      {hint && (
        <p id={hintId} className="design-field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}

export function SelectField<T extends string>({ label, value, options, onChange }: { label: string; value: T; options: { value: T; label: string }[]; onChange: (value: T) => void }) {
  const id = useId();
  return (
    <div className="design-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value as T)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function CheckField({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <div className="design-field design-field--check">
      <input id={id} type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/** A list of like items (links, questions, quotes, pictures): add, edit, move up or down, remove. */
export function ListField<T>({ label, items, max, blank, onChange, render, itemName }: { label: string; items: T[]; max: number; blank: () => T; onChange: (items: T[]) => void; render: (item: T, update: (item: T) => void) => ReactNode; itemName: string }) {
  const replace = (index: number, item: T) => onChange(items.map((old, i) => (i === index ? item : old)));
  const move = (index: number, by: number) => {
    const next = [...items];
    const [moved] = next.splice(index, 1);
    next.splice(index + by, 0, moved as T);
    onChange(next);
  };
  return (
    <fieldset className="design-list">
      <legend>{label}</legend>
      {items.length === 0 && <p className="design-field__hint">None yet.</p>}
      <ol className="design-list__items">
        {items.map((item, index) => (
          <li key={index} className="design-list__item">
            {render(item, (next) => replace(index, next))}
            <div className="design-list__actions">
              <button type="button" disabled={index === 0} onClick={() => move(index, -1)} aria-label={`Move ${itemName} ${index + 1} up`}>
                Up
              </button>
              <button type="button" disabled={index === items.length - 1} onClick={() => move(index, 1)} aria-label={`Move ${itemName} ${index + 1} down`}>
                Down
              </button>
              <button type="button" onClick={() => onChange(items.filter((_, i) => i !== index))} aria-label={`Remove ${itemName} ${index + 1}`}>
                Remove
              </button>
            </div>
          </li>
        ))}
      </ol>
      {items.length < max && (
        <button type="button" className="design-list__add" onClick={() => onChange([...items, blank()])}>
          Add {itemName}
        </button>
      )}
    </fieldset>
  );
}

export interface LibraryItem {
  id: string;
  name: string;
  kind: string;
  thumbnail?: string | undefined;
}

const KIND_WORDS: Record<string, string> = { image: 'Picture', video: 'Video', audio: 'Audio' };

/**
 * A file of the site's own library (the server checks the id again), chosen
 * from a grid of thumbnails. It is a group of native radio buttons: one tab
 * stop, arrow keys to move, each named by the file's alt text or file name.
 * Only the kinds the slot takes are offered (a picture slot, images alone).
 */
export function MediaField({ label, value, items, onChange, kinds = ['image'] }: { label: string; value: string | null; items: LibraryItem[]; onChange: (id: string | null) => void; kinds?: string[] }) {
  const name = useId();
  const choices = items.filter((item) => kinds.includes(item.kind));
  const missing = value !== null && value !== '' && !items.some((item) => item.id === value);
  const option = (id: string, caption: string, picture: ReactNode) => (
    <li key={id || 'none'}>
      <label className="media-grid__option" title={caption}>
        <input className="visually-hidden" type="radio" name={name} value={id} checked={(value ?? '') === id} onChange={() => onChange(id || null)} />
        <span className="media-grid__thumb" aria-hidden="true">
          {picture}
        </span>
        <span className="media-grid__caption">{caption}</span>
      </label>
    </li>
  );
  return (
    <fieldset className="design-field media-grid">
      <legend>{label}</legend>
      <ul className="media-grid__options">
        {option('', 'None', null)}
        {missing && option(value, 'A file no longer in your library', null)}
        {choices.map((item) =>
          option(item.id, item.name, item.thumbnail ? <img src={item.thumbnail} alt="" width={96} height={96} loading="lazy" /> : <span className="media-grid__kind">{KIND_WORDS[item.kind] ?? item.kind}</span>),
        )}
      </ul>
      {choices.length === 0 && (
        <p className="design-field__hint">
          Upload files in your <a href="/upload/media">media library</a> to use them here.
        </p>
      )}
    </fieldset>
  );
}
