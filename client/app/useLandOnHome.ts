/**
 * Sends the signed-in account where it belongs when no page asked for one
 * (docs/decisions/059): the server answers (GET /api/me/landing) a member's
 * site or `/`, a creator's /onboarding.
 */
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import * as meApi from '../../common/api/me.ts';
import { call } from '../lib/api.ts';

/** A creator's site is a page of the server, not of this app: it needs a full load. */
export function isServerPage(path: string): boolean {
  return path.startsWith('/@');
}

export function useLandOnHome(): (signal?: AbortSignal) => Promise<void> {
  const navigate = useNavigate();
  return useCallback(
    async (signal?: AbortSignal) => {
      // Unreachable answer: the platform's home is a safe place to stand.
      const path = await call(meApi.landing, signal ? { signal } : undefined).then(
        (answer) => answer.path,
        () => '/',
      );
      if (signal?.aborted) return;
      if (isServerPage(path)) window.location.replace(path);
      else void navigate(path, { replace: true });
    },
    [navigate],
  );
}
