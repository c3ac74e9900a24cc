/**
 * A form's action button that shows a spinner while its request runs. It stays
 * focusable (aria-disabled, not disabled) so keyboard focus is not lost; the
 * form's handler ignores a second submit while busy.
 */
import type { ButtonHTMLAttributes, MouseEvent, ReactNode } from 'react';
import { Button } from './Button.tsx';
import { Spinner } from './Spinner.tsx';

interface BusyButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  busy: boolean;
  children: ReactNode;
  variant?: 'primary' | 'secondary' | 'ghost' | 'light';
  size?: 'md' | 'lg';
}

export function BusyButton({ busy, children, onClick, ...rest }: BusyButtonProps) {
  const guardedClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (busy) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return (
    <Button {...rest} aria-busy={busy || undefined} aria-disabled={busy || undefined} onClick={guardedClick}>
      {busy && <Spinner size="sm" />}
      {children}
    </Button>
  );
}
