/**
 * A list the studio loads a page at a time (Earn's tips and gifts): the first page on mount, the next one on `more`,
 * which keeps the items already shown, and the first again on `startOver` (after a change that reorders the list).
 */
import { useRef, useState } from 'react';
import { useLoad, type Loaded } from './useLoad.ts';

export function usePagedLoad<Answer, Item>(
  load: (page: number, signal: AbortSignal) => Promise<Answer>,
  itemsOf: (answer: Answer) => Item[],
): { loaded: Loaded<Answer>; shown: Item[]; loadingMore: boolean; more: () => void; startOver: () => void } {
  // The page to load next: useLoad keeps its first function, which reads this.
  const page = useRef(1);
  const [earlier, setEarlier] = useState<Item[]>([]);
  const { loaded, reload } = useLoad((signal) => load(page.current, signal));
  const shown = loaded.state === 'ready' ? [...earlier, ...itemsOf(loaded.data)] : earlier;
  return {
    loaded,
    shown,
    loadingMore: earlier.length > 0,
    more: () => {
      setEarlier(shown);
      page.current += 1;
      reload();
    },
    startOver: () => {
      setEarlier([]);
      page.current = 1;
      reload();
    },
  };
}
