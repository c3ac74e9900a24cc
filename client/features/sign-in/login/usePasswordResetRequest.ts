/**
 * 'Forgot password?' on the login screen (SPEC.md section 4): idle, then
 * 'Sending reset link...', then 'Reset link sent'. Editing the e-mail returns
 * it to idle (the caller calls `clear`).
 */
import { useCallback, useRef, useState } from 'react';
import * as authApi from '../../../../common/api/auth.ts';
import { call, toErrorCode } from '../../../lib/api.ts';
import { loadLoginRules, passwordResetErrorMessage } from './login-messages.ts';

export type ResetRequestState = 'idle' | 'sending' | 'sent';

export function usePasswordResetRequest() {
  const [state, setState] = useState<ResetRequestState>('idle');
  // Bumped by `clear`, so an answer for an address the user has since edited is dropped.
  const attempt = useRef(0);

  /** Resolves to the message to show under the e-mail field, or undefined when the link was sent. */
  const request = useCallback(async (email: string): Promise<string | undefined> => {
    const { passwordResetRequestProblem } = await loadLoginRules();
    const problem = passwordResetRequestProblem(email);
    if (problem) return problem;
    const current = ++attempt.current;
    setState('sending');
    try {
      await call(authApi.requestPasswordReset, { body: { email: email.trim() } });
      if (current === attempt.current) setState('sent');
      return undefined;
    } catch (error) {
      if (current !== attempt.current) return undefined;
      setState('idle');
      return passwordResetErrorMessage(toErrorCode(error));
    }
  }, []);

  const clear = useCallback(() => {
    attempt.current += 1;
    setState('idle');
  }, []);

  return { state, request, clear };
}
