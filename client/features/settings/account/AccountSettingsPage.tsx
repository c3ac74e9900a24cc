/**
 * The account settings (/settings/account, docs/decisions/148): the sign-in
 * address, the password, the other signed-in devices and deleting the account.
 * The confirmation link of an e-mail change lands here with ?email-change=,
 * which the page says once in its live region and then drops from the address.
 */
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EMAIL_CHANGE_RESULTS, type EmailChangeResult } from '../../../../common/api/account.ts';
import { useAuth } from '../../../app/auth.tsx';
import { usePageMeta } from '../../../app/usePageMeta.ts';
import { LiveMessage } from '../../../components/LiveMessage.tsx';
import { ACCOUNT_INTRO, ACCOUNT_TITLE, EMAIL_COPY, emailChangeNotice, PASSWORD_COPY } from '../../../content/account.ts';
import { DeleteAccountSection } from './DeleteAccountSection.tsx';
import { EmailChangeForm } from './EmailChangeForm.tsx';
import { OtherSessionsSection } from './OtherSessionsSection.tsx';
import { PasswordChangeForm } from './PasswordChangeForm.tsx';
import '../general/settings.css';
import './account.css';

function isResult(value: string | null): value is EmailChangeResult {
  return (EMAIL_CHANGE_RESULTS as readonly (string | null)[]).includes(value);
}

/** The link's result, read once: the address bar loses it so a reload does not say it again. */
function useEmailChangeResult(): EmailChangeResult | undefined {
  const [params, setParams] = useSearchParams();
  const [result] = useState(() => {
    const value = params.get('email-change');
    return isResult(value) ? value : undefined;
  });
  useEffect(() => {
    if (params.has('email-change')) setParams({}, { replace: true });
  }, [params, setParams]);
  return result;
}

export default function AccountSettingsPage() {
  usePageMeta({ title: 'Account | Creator Platform', robots: 'noindex' });
  const { user, refreshUser } = useAuth();
  const result = useEmailChangeResult();
  const notice = result ? emailChangeNotice(result) : undefined;
  // A confirmed change altered the address the app holds: read it again.
  useEffect(() => {
    if (result === 'changed') void refreshUser();
  }, [result, refreshUser]);
  if (!user) return null;
  return (
    <div className="settings studio account">
      <div>
        <h1 className="settings__heading">{ACCOUNT_TITLE}</h1>
        <p className="account__intro">{ACCOUNT_INTRO}</p>
      </div>
      <LiveMessage tone={notice?.tone} assertive={false}>
        {notice?.text}
      </LiveMessage>
      <section className="settings-card" aria-labelledby="account-email-heading">
        <h2 id="account-email-heading" className="settings-card__title">
          {EMAIL_COPY.heading}
        </h2>
        <EmailChangeForm currentEmail={user.email} />
      </section>
      <section className="settings-card" aria-labelledby="account-password-heading">
        <h2 id="account-password-heading" className="settings-card__title">
          {PASSWORD_COPY.heading}
        </h2>
        <PasswordChangeForm hasPassword={user.hasPassword} email={user.email} />
      </section>
      <OtherSessionsSection />
      <DeleteAccountSection hasPassword={user.hasPassword} />
    </div>
  );
}
