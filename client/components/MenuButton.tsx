/** The burger button of both layouts: labelled 'Menu', reporting aria-expanded for the menu it controls. */
import type { Ref } from 'react';
import './MenuButton.css';

export interface MenuButtonProps {
  open: boolean;
  controls: string;
  /** The layout's own class, which says at which widths the button shows. */
  className: string;
  onToggle: () => void;
  /** Where a modal menu returns focus when it closes. */
  ref?: Ref<HTMLButtonElement>;
}

export function MenuButton({ open, controls, className, onToggle, ref }: MenuButtonProps) {
  return (
    <button ref={ref} type="button" className={`menu-button ${className}`} aria-expanded={open} aria-controls={controls} onClick={onToggle}>
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        {open ? (
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        ) : (
          <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        )}
      </svg>
      Menu
    </button>
  );
}
