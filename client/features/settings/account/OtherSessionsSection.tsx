/** "Sign out everywhere else" (docs/decisions/148): ends every other session of the account, keeps this one, and says how many ended. */
import * as accountApi from '../../../../common/api/account.ts';
import { SESSIONS_COPY } from '../../../content/account.ts';
import { call } from '../../../lib/api.ts';
import { OneClickAction } from './OneClickAction.tsx';

export function OtherSessionsSection() {
  return (
    <section className="settings-card" aria-labelledby="account-sessions-heading">
      <h2 id="account-sessions-heading" className="settings-card__title">
        {SESSIONS_COPY.heading}
      </h2>
      <p className="account__current">{SESSIONS_COPY.text}</p>
      <OneClickAction label={SESSIONS_COPY.button} act={async () => SESSIONS_COPY.done((await call(accountApi.signOutOthers)).endedSessions)} />
    </section>
  );
}
