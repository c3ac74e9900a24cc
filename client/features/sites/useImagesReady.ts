/**
 * While the site's avatar or banner is still being processed it has no URL
 * (server/sites/site-json.ts): ask again every few seconds until it has one,
 * so settings shows the picture without a reload.
 */
import { useEffect } from 'react';
import * as sitesApi from '../../../common/api/sites.ts';
import { call } from '../../lib/api.ts';

const POLL_MS = 3000;
const preparing = (image: sitesApi.SiteImage | null) => image !== null && (image.status === 'uploading' || image.status === 'processing');

export function useImagesReady(site: sitesApi.SiteJson, onSite: (site: sitesApi.SiteJson) => void): void {
  const waiting = preparing(site.avatar) || preparing(site.banner);
  useEffect(() => {
    if (!waiting) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      call(sitesApi.onboardingState, { signal: controller.signal })
        .then((answer) => {
          if (answer.site) onSite(answer.site);
        })
        // A failed look is tried again at the next change; nothing to tell the creator.
        .catch(() => undefined);
    }, POLL_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [waiting, site, onSite]);
}
