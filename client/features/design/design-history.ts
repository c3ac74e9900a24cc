/**
 * Undo and redo of the design editor: the designs before and after the one
 * shown. Typing in one field makes one step, not one per key: a change with
 * the same `group` as the step before replaces it.
 */
import type { Design } from '../../../common/design.ts';

export interface History {
  past: Design[];
  present: Design;
  future: Design[];
  /** The group of the last change, while it may still be merged into. */
  group: string | undefined;
}

/** Enough to take back a long session's work without keeping every keystroke. */
const MAX_STEPS = 100;

export const startHistory = (design: Design): History => ({ past: [], present: design, future: [], group: undefined });

export function change(history: History, next: Design, group?: string): History {
  if (group !== undefined && group === history.group) return { ...history, present: next, future: [] };
  return { past: [...history.past, history.present].slice(-MAX_STEPS), present: next, future: [], group };
}

export function undo(history: History): History {
  const previous = history.past.at(-1);
  if (!previous) return history;
  return { past: history.past.slice(0, -1), present: previous, future: [history.present, ...history.future], group: undefined };
}

export function redo(history: History): History {
  const [next, ...rest] = history.future;
  if (!next) return history;
  return { past: [...history.past, history.present], present: next, future: rest, group: undefined };
}
