/** Live CSS media queries for the few layout choices that change what is rendered, not only how. */
import { useCallback, useSyncExternalStore } from 'react';
import { MOBILE_BREAKPOINT_PX } from '../../common/constants.ts';

/** SPEC.md's mobile breakpoint: below it the sidebar collapses and the login carousel is not loaded. */
export const WIDE_SCREEN_QUERY = `(min-width: ${MOBILE_BREAKPOINT_PX}px)`;

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches, () => false);
}
