/** "Sign out everywhere else" (docs/decisions/148): ends every other session of the account, keeps this one, and says how many ended. */
import { useState } from 'react';
import * as accountApi from '../../../../common/api/account.ts';
import { useFormSubmit } from '../../../app/useFormSubmit.ts';
import { BusyButton } from '../../../components/BusyButton.tsx';
import { LiveMessage } from '../../../components/LiveMessage.tsx';
import { accountProblem, SESSIONS_COPY } from '../../../content/account.ts';
import { call } from '../../../lib/api.ts';

export function OtherSessionsSection() {
  const [done, setDone] = useState<string>();
  const form = useFormSubmit<never>({ fieldIds: {}, problemFor: (code) => ({ message: accountProblem(code) }) });
  return (
    <section className="settings-card" aria-labelledby="account-sessions-heading">
      <h2 id="account-sessions-heading" className="settings-card__title">
        {SESSIONS_COPY.heading}
      </h2>
      <p className="account__current">{SESSIONS_COPY.text}</p>
      <div className="settings-form__actions">
        <BusyButton
          type="button"
          variant="secondary"
          busy={form.busy}
          onClick={() =>
            void form.run(async () => {
              setDone(undefined);
              const answer = await call(accountApi.signOutOthers);
              setDone(SESSIONS_COPY.done(answer.endedSessions));
            })
          }
        >
          {SESSIONS_COPY.button}
        </BusyButton>
      </div>
      <LiveMessage tone={form.message ? 'error' : 'success'} assertive={false}>
        {form.message ?? done}
      </LiveMessage>
    </section>
  );
}
