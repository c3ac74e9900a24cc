/**
 * A modal dialog on the browser's own <dialog>: showModal() traps focus,
 * makes the page behind it inert and closes on Escape; focus returns to the
 * control that opened it when it closes, or where `returnFocus` puts it.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';

interface DialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
  /** Where focus goes on closing, when not back to the control that opened the dialog (the editor's text, say). */
  returnFocus?: () => void;
}

export function Dialog({ open, title, onClose, children, className, returnFocus }: DialogProps) {
  const returnFocusRef = useRef(returnFocus);
  useEffect(() => {
    returnFocusRef.current = returnFocus;
  }, [returnFocus]);
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      element.showModal();
      return () => {
        if (element.open) element.close();
        if (returnFocusRef.current) returnFocusRef.current();
        else opener?.focus();
      };
    }
  }, [open]);

  return (
    <dialog
      ref={dialog}
      className={['dialog', className].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      {open && (
        <div className="dialog__panel">
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          {children}
        </div>
      )}
    </dialog>
  );
}
