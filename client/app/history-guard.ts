/**
 * Holds the browser's Back and Forward buttons while a page has changes that
 * would be lost, as react-router's useBlocker does for its data router (which
 * router.tsx does without). A history step is a `popstate` on the window, and
 * listeners on the window run in the order they were added, whatever their
 * phase: the guard's listener is added here, before the router mounts, so it
 * runs before the router's own. If the creator stays, the router never hears
 * of the step, and the browser is sent back to the page's entry by the
 * distance the router's `idx` in history.state gives.
 */

interface Hold {
  message: string;
  /** The history position of the page that holds. */
  index: number;
}

let hold: Hold | undefined;
let returning = false;

/** The position react-router keeps in each history entry's state; null for an entry it did not make. */
function historyIndex(): number | null {
  const state: unknown = window.history.state;
  return state !== null && typeof state === 'object' && 'idx' in state && typeof state.idx === 'number' ? state.idx : null;
}

function guardHistoryStep(event: PopStateEvent): void {
  if (returning) {
    // The step back to the held page, which the router must not hear of either: for it, the page never changed.
    returning = false;
    event.stopImmediatePropagation();
    return;
  }
  const there = historyIndex();
  // Without the step's position it cannot be undone: the router follows it as it would without the guard.
  if (!hold || there === null || there === hold.index || window.confirm(hold.message)) return;
  event.stopImmediatePropagation();
  returning = true;
  window.history.go(hold.index - there);
}

/** Called once, before the router is rendered. */
export function installHistoryGuard(): void {
  window.addEventListener('popstate', guardHistoryStep);
}

/** Asks `message` before a history step leaves the current page; returns the release. */
export function holdHistory(message: string): () => void {
  const index = historyIndex();
  if (index === null) return () => undefined;
  const mine: Hold = { message, index };
  hold = mine;
  return () => {
    if (hold === mine) hold = undefined;
  };
}
