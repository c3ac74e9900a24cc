/**
 * A button that does one thing at once and says how it went in a live region:
 * the account page's "send me the link that sets a password" and "sign out
 * everywhere else". `act` answers the words of success; a refusal shows the
 * server's reason in the same place.
 */
import { useState } from 'react';
import { useFormSubmit } from '../../../app/useFormSubmit.ts';
import { BusyButton } from '../../../components/BusyButton.tsx';
import { LiveMessage } from '../../../components/LiveMessage.tsx';
import { accountProblem } from '../../../content/account.ts';

export function OneClickAction({ label, act }: { label: string; act: () => Promise<string> }) {
  const [done, setDone] = useState<string>();
  const form = useFormSubmit<never>({ fieldIds: {}, problemFor: (code) => ({ message: accountProblem(code) }) });
  return (
    <>
      <div className="settings-form__actions">
        <BusyButton
          type="button"
          variant="secondary"
          busy={form.busy}
          onClick={() =>
            void form.run(async () => {
              setDone(undefined);
              setDone(await act());
            })
          }
        >
          {label}
        </BusyButton>
      </div>
      <LiveMessage tone={form.message ? 'error' : 'success'} assertive={false}>
        {form.message ?? done}
      </LiveMessage>
    </>
  );
}
