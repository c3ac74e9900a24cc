/** Back and Continue under each step; Continue submits the step's form. */
import { Button } from '../../../components/Button.tsx';
import { BusyButton } from '../../../components/BusyButton.tsx';

interface StepActionsProps {
  busy: boolean;
  onBack: (() => void) | undefined;
  continueLabel?: string;
}

export function StepActions({ busy, onBack, continueLabel = 'Continue' }: StepActionsProps) {
  return (
    <div className="wizard__actions">
      {onBack && (
        <Button variant="ghost" onClick={onBack}>
          Back
        </Button>
      )}
      <BusyButton type="submit" busy={busy} className="wizard__continue">
        {continueLabel}
      </BusyButton>
    </div>
  );
}
