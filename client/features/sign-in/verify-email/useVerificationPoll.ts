/**
 * SPEC.md section 4: the verify screen asks the server every 5 seconds whether
 * the e-mail is verified. Each check waits for the previous one, so a slow
 * server never has requests piling up.
 */
import { useEffect } from 'react';
import { VERIFICATION_POLL_MS } from '../../../../common/constants.ts';
import { useAuth } from '../../../app/auth.tsx';

export function useVerificationPoll(enabled: boolean) {
  const { refreshUser } = useAuth();

  useEffect(() => {
    if (!enabled) return undefined;
    const controller = new AbortController();
    let timer: number | undefined;
    const scheduleNext = () => {
      timer = window.setTimeout(check, VERIFICATION_POLL_MS);
    };
    const check = () => {
      // A failed check changes nothing: the next one runs on schedule.
      refreshUser(controller.signal).catch(() => undefined).finally(() => {
        if (!controller.signal.aborted) scheduleNext();
      });
    };
    scheduleNext();
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [enabled, refreshUser]);
}
