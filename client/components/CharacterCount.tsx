/**
 * "n / max" beside a field whose length the server limits (the limits live
 * in common/), so text is never cut at the limit without a word. The count
 * is hidden from screen readers, which would hear it at every keystroke:
 * they are told the limit through the field's description, and a polite
 * live region says how many characters are left once the text nears the
 * limit, after typing pauses.
 */
import { useEffect, useState } from 'react';
import { charactersLeftMessage } from '../content/character-count.ts';
import { fieldCountId } from './FieldError.tsx';
import './CharacterCount.css';

/** The share of the limit left at which screen readers start hearing how much remains. */
const NEAR_LIMIT_SHARE = 0.1;
const ANNOUNCE_AFTER_MS = 700;

export function CharacterCount({ fieldId, length, max }: { fieldId: string; length: number; max: number }) {
  const left = Math.max(0, max - length);
  const near = left <= Math.ceil(max * NEAR_LIMIT_SHARE);
  const [announced, setAnnounced] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setAnnounced(near ? charactersLeftMessage(left) : ''), ANNOUNCE_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [near, left]);

  return (
    <div className={left === 0 ? 'character-count character-count--full' : 'character-count'}>
      <p id={fieldCountId(fieldId)} className="character-count__text">
        <span aria-hidden="true">
          {length} / {max}
        </span>
        <span className="visually-hidden">Up to {max} characters.</span>
      </p>
      <p className="visually-hidden" role="status">
        {announced}
      </p>
    </div>
  );
}
