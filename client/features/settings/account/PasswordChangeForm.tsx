/**
 * Change of password (docs/decisions/148): the current one and a new one that
 * passes sign-up's rules; the other devices are signed out and the answer says
 * how many. An account with no password is offered the mailed link that sets one.
 */
import { useState } from 'react';
import * as accountApi from '../../../../common/api/account.ts';
import * as authApi from '../../../../common/api/auth.ts';
import { PASSWORD_MIN_LENGTH } from '../../../../common/constants.ts';
import { useFormSubmit } from '../../../app/useFormSubmit.ts';
import { BusyButton } from '../../../components/BusyButton.tsx';
import { LiveMessage } from '../../../components/LiveMessage.tsx';
import { PasswordField } from '../../../components/PasswordField.tsx';
import { accountProblem, PASSWORD_COPY } from '../../../content/account.ts';
import { call } from '../../../lib/api.ts';
import { OneClickAction } from './OneClickAction.tsx';

const FIELD_IDS = { currentPassword: 'account-current-password', newPassword: 'account-new-password' } as const;

function SetPasswordLink({ email }: { email: string }) {
  return (
    <div className="settings-form">
      <p className="account__current">{PASSWORD_COPY.noPassword}</p>
      <OneClickAction
        label={PASSWORD_COPY.sendSetLink}
        act={async () => {
          await call(authApi.requestPasswordReset, { body: { email } });
          return PASSWORD_COPY.setLinkSent(email);
        }}
      />
    </div>
  );
}

export function PasswordChangeForm({ hasPassword, email }: { hasPassword: boolean; email: string }) {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [done, setDone] = useState<string>();
  const form = useFormSubmit<keyof typeof FIELD_IDS>({
    fieldIds: FIELD_IDS,
    problemFor: (code) => {
      if (code === 'wrong-password' || code === 'missing-password') return { field: 'currentPassword', message: accountProblem(code) };
      if (code === 'weak-password') return { field: 'newPassword', message: PASSWORD_COPY.weakNew };
      return { message: accountProblem(code) };
    },
  });

  if (!hasPassword) return <SetPasswordLink email={email} />;

  const onSubmit = form.handleSubmit({
    check: () => ({
      ...(currentPassword ? {} : { currentPassword: PASSWORD_COPY.missingCurrent }),
      ...(newPassword.length >= PASSWORD_MIN_LENGTH ? {} : { newPassword: PASSWORD_COPY.weakNew }),
    }),
    send: async () => {
      setDone(undefined);
      const answer = await call(accountApi.changePassword, { body: { currentPassword, newPassword } });
      setCurrentPassword('');
      setNewPassword('');
      setDone(PASSWORD_COPY.changed(answer.endedSessions));
    },
  });

  return (
    <form className="settings-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      {/* The account's address, for password managers that file the new password under it. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <PasswordField
        id={FIELD_IDS.currentPassword}
        label={PASSWORD_COPY.currentLabel}
        autoComplete="current-password"
        value={currentPassword}
        error={form.errors.currentPassword}
        onChange={(event) => {
          setCurrentPassword(event.target.value);
          form.clearError('currentPassword');
        }}
      />
      <PasswordField
        id={FIELD_IDS.newPassword}
        label={PASSWORD_COPY.newLabel}
        autoComplete="new-password"
        hint={PASSWORD_COPY.newHint}
        value={newPassword}
        error={form.errors.newPassword}
        onChange={(event) => {
          setNewPassword(event.target.value);
          form.clearError('newPassword');
        }}
      />
      <div className="settings-form__actions">
        <BusyButton type="submit" busy={form.busy}>
          {PASSWORD_COPY.submit}
        </BusyButton>
      </div>
      <LiveMessage tone={form.message ? 'error' : 'success'} assertive={false}>
        {form.message ?? done}
      </LiveMessage>
    </form>
  );
}
