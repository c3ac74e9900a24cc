/**
 * Change of e-mail (docs/decisions/148): the new address and the password;
 * the server mails a link to the new address and a notice to the old one, and
 * the address changes only when the link is opened, which this form says.
 */
import { useState } from 'react';
import * as accountApi from '../../../../common/api/account.ts';
import { EMAIL_PATTERN } from '../../../../common/validation.ts';
import { useFormSubmit } from '../../../app/useFormSubmit.ts';
import { BusyButton } from '../../../components/BusyButton.tsx';
import { FormField } from '../../../components/FormField.tsx';
import { LiveMessage } from '../../../components/LiveMessage.tsx';
import { PasswordField } from '../../../components/PasswordField.tsx';
import { accountProblem, EMAIL_COPY } from '../../../content/account.ts';
import { call } from '../../../lib/api.ts';

const FIELD_IDS = { email: 'account-new-email', password: 'account-email-password' } as const;

export function EmailChangeForm({ currentEmail }: { currentEmail: string }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [sentTo, setSentTo] = useState<string>();
  const form = useFormSubmit<keyof typeof FIELD_IDS>({
    fieldIds: FIELD_IDS,
    problemFor: (code) => {
      const message = accountProblem(code);
      if (code === 'wrong-password' || code === 'missing-password' || code === 'password-not-set') return { field: 'password', message };
      if (code === 'email-already-in-use' || code === 'invalid-email' || code === 'missing-email') return { field: 'email', message };
      return { message };
    },
  });

  const onSubmit = form.handleSubmit({
    check: () => {
      const trimmed = email.trim();
      return {
        ...(trimmed ? (EMAIL_PATTERN.test(trimmed) ? {} : { email: EMAIL_COPY.invalidEmail }) : { email: EMAIL_COPY.missingEmail }),
        ...(password ? {} : { password: EMAIL_COPY.missingPassword }),
      };
    },
    send: async () => {
      setSentTo(undefined);
      const answer = await call(accountApi.changeEmail, { body: { email: email.trim(), password } });
      setPassword('');
      setEmail('');
      setSentTo(answer.email);
    },
  });

  return (
    <form className="settings-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <p className="account__current">{EMAIL_COPY.current(currentEmail)}</p>
      <FormField
        id={FIELD_IDS.email}
        label={EMAIL_COPY.newLabel}
        type="email"
        autoComplete="email"
        value={email}
        error={form.errors.email}
        onChange={(event) => {
          setEmail(event.target.value);
          form.clearError('email');
        }}
      />
      <PasswordField
        id={FIELD_IDS.password}
        label={EMAIL_COPY.passwordLabel}
        autoComplete="current-password"
        value={password}
        error={form.errors.password}
        onChange={(event) => {
          setPassword(event.target.value);
          form.clearError('password');
        }}
      />
      <div className="settings-form__actions">
        <BusyButton type="submit" busy={form.busy}>
          {EMAIL_COPY.submit}
        </BusyButton>
      </div>
      <LiveMessage tone={form.message ? 'error' : 'success'} assertive={false}>
        {form.message ?? (sentTo ? EMAIL_COPY.sent(sentTo) : undefined)}
      </LiveMessage>
    </form>
  );
}
