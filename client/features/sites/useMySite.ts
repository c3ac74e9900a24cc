/**
 * Loads the signed-in creator's site once: null when there is none yet, a
 * message when it cannot be loaded. Asked through the onboarding state, which
 * answers null rather than 404, so a new creator's first screen logs no error.
 */
import * as sitesApi from '../../../common/api/sites.ts';
import { call } from '../../lib/api.ts';
import { useLoad } from '../../lib/useLoad.ts';
import { siteErrorMessage } from '../../content/sites.ts';

export type LoadedSite = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; site: sitesApi.SiteJson | null };

export function useMySite(): { loaded: LoadedSite; retry: () => void } {
  const { loaded, reload } = useLoad((signal) => call(sitesApi.onboardingState, { signal }));
  if (loaded.state === 'failed') return { loaded: { state: 'failed', message: siteErrorMessage(loaded.code) }, retry: reload };
  return { loaded: loaded.state === 'ready' ? { state: 'ready', site: loaded.data.site } : loaded, retry: reload };
}
