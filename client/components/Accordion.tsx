/**
 * The FAQ accordion (SPEC.md section 4): one item open at a time, and clicking
 * the open item closes it. Each question is a button inside a heading that
 * reports aria-expanded and controls its answer.
 */
import { useId, useState } from 'react';
import type { FaqItem } from '../content/types.ts';
import './Accordion.css';

export function Accordion({ items }: { items: readonly FaqItem[] }) {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const baseId = useId();

  return (
    <div className="accordion">
      {items.map((item, index) => {
        const open = index === openIndex;
        const answerId = `${baseId}-answer-${index}`;
        return (
          <div key={item.question} className={open ? 'accordion__item accordion__item--open' : 'accordion__item'}>
            <h3 className="accordion__heading">
              <button
                type="button"
                className="accordion__question"
                aria-expanded={open}
                aria-controls={answerId}
                onClick={() => setOpenIndex(open ? null : index)}
              >
                {item.question}
                <svg className="accordion__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                  <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
              </button>
            </h3>
            <div id={answerId} className="accordion__answer" hidden={!open}>
              <p>{item.answer}</p>
            </div>
          </div>
        );
      })}
    </div>
  );
}
