/**
 * Loads the signed-in creator's site once: null when there is none yet, a
 * message when it cannot be loaded. Asked through the onboarding state, which
 * answers null rather than 404, so a new creator's first screen logs no error.
 */
import { useEffect, useState } from 'react';
import * as sitesApi from '../../../common/api/sites.ts';
import { call, toErrorCode } from '../../lib/api.ts';
import { siteErrorMessage } from './site-copy.ts';

export type LoadedSite = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; site: sitesApi.SiteJson | null };

export function useMySite() {
  const [loaded, setLoaded] = useState<LoadedSite>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    call(sitesApi.onboardingState, { signal: controller.signal })
      .then((answer) => setLoaded({ state: 'ready', site: answer.site }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setLoaded({ state: 'failed', message: siteErrorMessage(toErrorCode(error)) });
      });
    return () => controller.abort();
  }, [attempt]);
  const retry = () => {
    setLoaded({ state: 'loading' });
    setAttempt((count) => count + 1);
  };
  return { loaded, retry };
}
