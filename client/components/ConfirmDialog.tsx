/**
 * The question before a switch that is hard to undo (docs/decisions/149): a
 * modal alert dialog (ModalDialog.tsx: focus kept inside and returned, Escape
 * and Cancel change nothing) that names what will happen, with a confirm
 * button named by the action ("Suspend site", never "OK").
 */
import { useId, type ReactNode } from 'react';
import { BusyButton } from './BusyButton.tsx';
import { Button } from './Button.tsx';
import { LiveMessage } from './LiveMessage.tsx';
import { ModalDialog } from './ModalDialog.tsx';
import './ConfirmDialog.css';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What will happen: the consequence, in plain words (and any field the action takes). */
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** The action takes something away (a site off, every site down): its button says so in red. */
  danger?: boolean;
  busy?: boolean;
  error?: string | undefined;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({ open, title, children, confirmLabel, cancelLabel = 'Cancel', danger = false, busy = false, error, onConfirm, onCancel }: ConfirmDialogProps) {
  const headingId = useId();
  return (
    <ModalDialog open={open} onClose={onCancel} labelledBy={headingId} alert>
      <h2 id={headingId} className="modal-dialog__title">
        {title}
      </h2>
      {children}
      <LiveMessage tone="error">{error}</LiveMessage>
      <div className="modal-dialog__actions">
        <Button variant="secondary" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <BusyButton className={danger ? 'confirm-dialog__danger' : undefined} busy={busy} onClick={onConfirm}>
          {confirmLabel}
        </BusyButton>
      </div>
    </ModalDialog>
  );
}
