/** The creator's platform plan, loaded once per screen, with a retry. */
import * as planApi from '../../../common/api/platform-plan.ts';
import type { ErrorCode } from '../../../common/error-codes.ts';
import { call } from '../../lib/api.ts';
import { useLoad } from '../../lib/useLoad.ts';

export type LoadedPlan = { state: 'loading' } | { state: 'failed'; code: ErrorCode } | { state: 'ready'; plan: planApi.PlatformPlanView };

export function usePlatformPlan(): { loaded: LoadedPlan; retry: () => void } {
  const { loaded, reload } = useLoad((signal) => call(planApi.get, { signal }));
  return { loaded: loaded.state === 'ready' ? { state: 'ready', plan: loaded.data.plan } : loaded, retry: reload };
}
