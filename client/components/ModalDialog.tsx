/**
 * A modal dialog, after the house's drawer (layouts/creator/SidebarDrawer.tsx,
 * docs/decisions/028): a native <dialog> opened with showModal, so the page
 * behind is inert and hidden from screen readers. Focus goes to the first
 * control inside (or the one marked autoFocus), Tab goes round inside it,
 * Escape and a tap on the dimmed page close it, and focus returns to whatever
 * had it before it opened.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import './ModalDialog.css';
import { keepTabInside } from './keep-tab-inside.ts';

interface ModalDialogProps {
  open: boolean;
  onClose: () => void;
  /** The id of the dialog's heading, which names it. */
  labelledBy: string;
  /** Used for a confirmation: screen readers announce it as an alert dialog. */
  alert?: boolean;
  className?: string;
  children: ReactNode;
}

export function ModalDialog({ open, onClose, labelledBy, alert = false, className, children }: ModalDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      element.showModal();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open]);

  return (
    // A modal <dialog> is interactive (Escape closes it natively): the click is a tap on its backdrop, the key handler keeps Tab inside.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={dialog}
      className={['modal-dialog', className].filter(Boolean).join(' ')}
      role={alert ? 'alertdialog' : undefined}
      aria-labelledby={labelledBy}
      aria-modal="true"
      onClose={() => {
        onClose();
        // The opener may have gone (a deleted item's card): focus then stays where the browser puts it.
        if (opener.current?.isConnected) opener.current.focus();
      }}
      onClick={(event) => {
        // A click on the dialog itself, not on anything in it, is a tap on the dimmed page around it.
        if (event.target === event.currentTarget) onClose();
      }}
      onKeyDown={keepTabInside}
    >
      {open && <div className="modal-dialog__panel">{children}</div>}
    </dialog>
  );
}
