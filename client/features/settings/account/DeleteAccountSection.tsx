/**
 * Deleting the account (docs/decisions/148): first a copy of what exists to
 * export today (the members' CSV, the media library), then what goes, in plain
 * words; while a Stripe subscription still bills, the reason and no button.
 * Confirmed as GitHub does, by typing the site's handle (or "delete my
 * account") and the password, or, for an account without one, a six-digit code
 * mailed on request (docs/decisions/159); then the session ends and the browser goes home.
 */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import * as accountApi from '../../../../common/api/account.ts';
import { mailDeletionCode } from '../../../../common/api/member-rights.ts';
import type { AccountDeletionPlan } from '../../../../common/api/account.ts';
import { useAuth } from '../../../app/auth.tsx';
import { useFormSubmit } from '../../../app/useFormSubmit.ts';
import { BusyButton } from '../../../components/BusyButton.tsx';
import { FormField } from '../../../components/FormField.tsx';
import { LiveMessage } from '../../../components/LiveMessage.tsx';
import { LoadFailed, Loading } from '../../../components/LoadStatus.tsx';
import { PasswordField } from '../../../components/PasswordField.tsx';
import { accountProblem, DELETE_CONFIRM_WORD, DELETE_COPY } from '../../../content/account.ts';
import { ApiError, call } from '../../../lib/api.ts';
import { useLoad } from '../../../lib/useLoad.ts';
import { SERVER_MESSAGES } from '../../../../common/messages.ts';

const FIELD_IDS = { confirm: 'account-delete-confirm', password: 'account-delete-password', code: 'account-delete-code' } as const;
const SIX_DIGITS = /^\d{6}$/;

function DeleteForm({ plan, hasPassword }: { plan: AccountDeletionPlan; hasPassword: boolean }) {
  const { user, setUser } = useAuth();
  const navigate = useNavigate();
  const word = plan.sites[0]?.handle ?? DELETE_CONFIRM_WORD;
  const [typed, setTyped] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [codeSent, setCodeSent] = useState(false);
  const [sending, setSending] = useState(false);
  const [sendFailed, setSendFailed] = useState('');
  const form = useFormSubmit<keyof typeof FIELD_IDS>({
    fieldIds: FIELD_IDS,
    problemFor: (problem) => {
      if (problem === 'wrong-password' || problem === 'missing-password') return { field: 'password', message: accountProblem(problem) };
      if (problem === 'wrong-code') return { field: 'code', message: SERVER_MESSAGES['wrong-code'] };
      return { message: accountProblem(problem) };
    },
  });
  const held = plan.payingMembers > 0 || plan.billedPlan;

  const onSubmit = form.handleSubmit({
    check: () => ({
      ...(typed.trim() === word ? {} : { confirm: DELETE_COPY.typeMismatch(word) }),
      ...(hasPassword && !password ? { password: SERVER_MESSAGES['missing-password'] } : {}),
      ...(!hasPassword && !SIX_DIGITS.test(code.trim()) ? { code: DELETE_COPY.missingCode } : {}),
    }),
    send: async () => {
      await call(accountApi.deleteAccount, { body: hasPassword ? { password } : { code: code.trim() } });
      setUser(null);
      void navigate('/', { replace: true });
    },
  });

  if (held) {
    return (
      <div className="account__held" role="note">
        {plan.payingMembers > 0 && <p>{DELETE_COPY.paying(plan.payingMembers)}</p>}
        {plan.billedPlan && (
          <p>
            {DELETE_COPY.billedPlan} <Link to="/settings/advanced">{DELETE_COPY.billedPlanLink}</Link>.
          </p>
        )}
      </div>
    );
  }
  const sendCode = async () => {
    setSending(true);
    setSendFailed('');
    try {
      await call(mailDeletionCode, { body: {} });
      setCodeSent(true);
    } catch (error) {
      setSendFailed(SERVER_MESSAGES[error instanceof ApiError ? error.code : 'internal-error']);
    } finally {
      setSending(false);
    }
  };
  if (!hasPassword && !codeSent) {
    return (
      <div className="settings-form">
        <p className="account__current">{DELETE_COPY.noPassword}</p>
        <div className="settings-form__actions">
          <BusyButton type="button" busy={sending} onClick={() => void sendCode()}>
            {DELETE_COPY.sendCode}
          </BusyButton>
        </div>
        <LiveMessage tone="error">{sendFailed}</LiveMessage>
      </div>
    );
  }

  return (
    <form className="settings-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <FormField
        id={FIELD_IDS.confirm}
        label={DELETE_COPY.typeLabel(word)}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        value={typed}
        error={form.errors.confirm}
        onChange={(event) => {
          setTyped(event.target.value);
          form.clearError('confirm');
        }}
      />
      {hasPassword ? (
        <PasswordField
          id={FIELD_IDS.password}
          label={DELETE_COPY.passwordLabel}
          autoComplete="current-password"
          value={password}
          error={form.errors.password}
          onChange={(event) => {
            setPassword(event.target.value);
            form.clearError('password');
          }}
        />
      ) : (
        <>
          <LiveMessage tone="info">{DELETE_COPY.codeSent(user?.email ?? '')}</LiveMessage>
          <div className="settings-form__actions">
            <BusyButton type="button" busy={sending} onClick={() => void sendCode()}>
              {DELETE_COPY.sendNewCode}
            </BusyButton>
          </div>
          <LiveMessage tone="error">{sendFailed}</LiveMessage>
          <FormField
            id={FIELD_IDS.code}
            label={DELETE_COPY.codeLabel}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            value={code}
            error={form.errors.code}
            onChange={(event) => {
              setCode(event.target.value);
              form.clearError('code');
            }}
          />
        </>
      )}
      <div className="settings-form__actions">
        <BusyButton type="submit" className="account__delete-button" busy={form.busy}>
          {DELETE_COPY.submit}
        </BusyButton>
      </div>
      <LiveMessage tone="error">{form.message}</LiveMessage>
    </form>
  );
}

export function DeleteAccountSection({ hasPassword }: { hasPassword: boolean }) {
  const { loaded, reload } = useLoad((signal) => call(accountApi.accountDeletion, { signal }));
  return (
    <section className="settings-card account__danger" aria-labelledby="account-delete-heading">
      <h2 id="account-delete-heading" className="settings-card__title">
        {DELETE_COPY.heading}
      </h2>
      {loaded.state === 'loading' && <Loading>{DELETE_COPY.loading}</Loading>}
      {loaded.state === 'failed' && <LoadFailed message={SERVER_MESSAGES[loaded.code]} onRetry={reload} />}
      {loaded.state === 'ready' && (
        <>
          {loaded.data.deletion.sites.length > 0 && (
            <div>
              <p className="account__current">{DELETE_COPY.exportFirst}</p>
              <ul className="account__list">
                <li>
                  <Link to="/subscribers">{DELETE_COPY.exportMembers}</Link>
                </li>
                <li>
                  <Link to="/upload/media">{DELETE_COPY.exportMedia}</Link>
                </li>
              </ul>
            </div>
          )}
          <div>
            <p className="account__current">{DELETE_COPY.whatGoes}</p>
            <ul className="account__list">
              {loaded.data.deletion.sites.map((site) => (
                <li key={site.handle}>{DELETE_COPY.site(site.title, site.handle, site.members)}</li>
              ))}
              {loaded.data.deletion.ownSubscriptions > 0 && <li>{DELETE_COPY.ownPaying(loaded.data.deletion.ownSubscriptions)}</li>}
              <li>{DELETE_COPY.account}</li>
            </ul>
          </div>
          <DeleteForm plan={loaded.data.deletion} hasPassword={hasPassword} />
        </>
      )}
    </section>
  );
}
