/**
 * "Send to N members?": the question before a post is e-mailed, whether it is
 * published with its e-mail or e-mailed after it went live. An e-mail cannot
 * be unsent, so it says to how many and what happens; Cancel (or Escape)
 * changes nothing (docs/decisions/149).
 */
import { SEGMENT_LABELS, type EmailSegment } from '../../../../common/email.ts';
import { BusyButton } from '../../../components/BusyButton.tsx';
import { Button } from '../../../components/Button.tsx';
import { LiveMessage } from '../../../components/LiveMessage.tsx';
import { SEND_CONFIRM } from '../../../content/post-email.ts';
import { Dialog } from './Dialog.tsx';

/** What is asked: how many members of which segment; `publishing` when the post goes live with it. */
export interface SendQuestion {
  count: number;
  segment: EmailSegment;
  publishing: boolean;
}

interface SendConfirmDialogProps {
  question: SendQuestion | null;
  busy?: boolean;
  error?: string | undefined;
  onConfirm: () => void;
  onCancel: () => void;
}

export function SendConfirmDialog({ question, busy = false, error, onConfirm, onCancel }: SendConfirmDialogProps) {
  const count = question?.count ?? 0;
  const segment = SEGMENT_LABELS[question?.segment ?? 'all'];
  return (
    <Dialog open={question !== null} title={SEND_CONFIRM.title(count)} onClose={onCancel}>
      <p className="dialog__text">{question?.publishing ? SEND_CONFIRM.publishing(count, segment) : SEND_CONFIRM.later(count, segment)}</p>
      {count === 0 && <p className="dialog__text">{SEND_CONFIRM.nobody}</p>}
      <LiveMessage tone="error">{error}</LiveMessage>
      <div className="dialog__actions">
        <Button variant="secondary" onClick={onCancel}>
          {SEND_CONFIRM.cancel}
        </Button>
        <BusyButton busy={busy} onClick={onConfirm}>
          {question?.publishing ? SEND_CONFIRM.publish : SEND_CONFIRM.send}
        </BusyButton>
      </div>
    </Dialog>
  );
}
