/**
 * The live handle check of the wizard and site settings: the rule of
 * common/handles.ts at once as the creator types, then (debounced) the server
 * for whether another site has it. A newer keystroke cancels the older check.
 */
import { useEffect, useState } from 'react';
import * as sitesApi from '../../../common/api/sites.ts';
import { handleProblem, normaliseHandle } from '../../../common/handles.ts';
import { call } from '../../lib/api.ts';

export type HandleCheck =
  | { state: 'empty' }
  | { state: 'current' }
  | { state: 'checking' }
  | { state: 'available' }
  | { state: 'unavailable'; problem: NonNullable<sitesApi.HandleAvailability['problem']> }
  | { state: 'unknown' };

const DEBOUNCE_MS = 350;

/** `current`: the site's own handle, which needs no asking. */
export function useHandleCheck(input: string, current?: string): HandleCheck {
  const handle = normaliseHandle(input);
  const isCurrent = handle !== '' && handle === current;
  const localProblem = handle === '' || isCurrent ? undefined : handleProblem(handle);
  const [remote, setRemote] = useState<{ handle: string; check: HandleCheck }>();

  useEffect(() => {
    if (handle === '' || isCurrent || localProblem) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      call(sitesApi.handleAvailable, { query: { handle }, signal: controller.signal })
        .then((answer) => {
          setRemote({ handle, check: answer.available ? { state: 'available' } : { state: 'unavailable', problem: answer.problem ?? 'taken' } });
        })
        .catch(() => {
          if (!controller.signal.aborted) setRemote({ handle, check: { state: 'unknown' } });
        });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [handle, isCurrent, localProblem]);

  if (handle === '') return { state: 'empty' };
  if (isCurrent) return { state: 'current' };
  if (localProblem) return { state: 'unavailable', problem: localProblem };
  return remote?.handle === handle ? remote.check : { state: 'checking' };
}
