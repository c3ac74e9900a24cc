/** The creator's platform plan, loaded once per screen, with a retry. */
import { useEffect, useState } from 'react';
import * as planApi from '../../../common/api/platform-plan.ts';
import { call, toErrorCode } from '../../lib/api.ts';
import type { ErrorCode } from '../../../common/error-codes.ts';

export type LoadedPlan = { state: 'loading' } | { state: 'failed'; code: ErrorCode } | { state: 'ready'; plan: planApi.PlatformPlanView };

export function usePlatformPlan() {
  const [loaded, setLoaded] = useState<LoadedPlan>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    call(planApi.get, { signal: controller.signal })
      .then(({ plan }) => setLoaded({ state: 'ready', plan }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setLoaded({ state: 'failed', code: toErrorCode(error) });
      });
    return () => controller.abort();
  }, [attempt]);
  return {
    loaded,
    retry: () => {
      setLoaded({ state: 'loading' });
      setAttempt((count) => count + 1);
    },
  };
}
