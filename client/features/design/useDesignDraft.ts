/**
 * The design being edited and its way to the server: loads the state, keeps
 * undo and redo, saves the draft a moment after the last change (one save at
 * a time, always the newest design, from the revision the last answer gave),
 * and publishes, discards and restores. A 409 `design-changed` stops saving
 * and says so: the other tab's work is never overwritten.
 */
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import * as designApi from '../../../common/api/design.ts';
import type { DesignState } from '../../../common/api/design.ts';
import { designProblem, type Design } from '../../../common/design.ts';
import { call, toErrorCode } from '../../lib/api.ts';
import { change, redo, startHistory, undo, type History } from './design-history.ts';

export type SaveStatus = 'saved' | 'pending' | 'saving' | 'invalid' | 'failed' | 'conflict';

/** Long enough that a typed word is one save; the preview follows typing on its own (PreviewFrame.tsx). */
const SAVE_DELAY_MS = 500;

type Action = { type: 'load'; design: Design } | { type: 'change'; design: Design; group?: string | undefined } | { type: 'undo' } | { type: 'redo' };

function reducer(history: History | undefined, action: Action): History | undefined {
  if (action.type === 'load') return startHistory(action.design);
  if (!history) return history;
  if (action.type === 'change') return change(history, action.design, action.group);
  return action.type === 'undo' ? undo(history) : redo(history);
}

export function useDesignDraft() {
  const [state, setState] = useState<DesignState | undefined>();
  const [loadError, setLoadError] = useState<'site-required' | 'failed' | undefined>();
  const [history, dispatch] = useReducer(reducer, undefined);
  const [status, setStatus] = useState<SaveStatus>('saved');
  const [problem, setProblem] = useState<string | undefined>();
  /** The design the server has: anything else on screen is a change still to save. */
  const [savedDesign, setSavedDesign] = useState<Design | undefined>();
  const revision = useRef(0);
  const lastSent = useRef<Design | undefined>(undefined);
  const saving = useRef<Promise<void>>(Promise.resolve());
  const blocked = useRef(false);

  const adopt = useCallback((next: DesignState) => {
    revision.current = next.revision;
    lastSent.current = next.draft;
    setSavedDesign(next.draft);
    blocked.current = false;
    setState(next);
    setStatus('saved');
    setProblem(undefined);
    dispatch({ type: 'load', design: next.draft });
  }, []);

  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    call(designApi.getDesign, { signal: controller.signal }).then(adopt, (error: unknown) => {
      if (!controller.signal.aborted) setLoadError(toErrorCode(error) === 'site-required' ? 'site-required' : 'failed');
    });
    return () => controller.abort();
  }, [adopt, attempt]);

  const reload = useCallback(() => {
    setLoadError(undefined);
    setAttempt((count) => count + 1);
  }, []);

  const save = useCallback((design: Design): Promise<void> => {
    saving.current = saving.current.then(async () => {
      if (blocked.current || design === lastSent.current) return;
      const found = designProblem(design);
      if (found) {
        setStatus('invalid');
        setProblem(found.message);
        return;
      }
      setStatus('saving');
      try {
        const answer = await call(designApi.saveDesignDraft, { body: { design, revision: revision.current } });
        revision.current = answer.revision;
        lastSent.current = design;
        setSavedDesign(design);
        setState((current) => (current ? { ...current, hasDraft: true, revision: answer.revision } : current));
        setStatus('saved');
        setProblem(undefined);
          } catch (error) {
        const code = toErrorCode(error);
        if (code === 'design-changed') blocked.current = true;
        setStatus(code === 'design-changed' ? 'conflict' : code === 'invalid-design' ? 'invalid' : 'failed');
      }
    });
    return saving.current;
  }, []);

  const present = history?.present;
  useEffect(() => {
    if (!present || present === lastSent.current || blocked.current) return;
    const timer = setTimeout(() => void save(present), SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [present, save]);

  /** Saves what is pending now, then runs a call from the revision that save left. */
  const afterSave = useCallback(
    async (run: (revision: number) => Promise<DesignState>) => {
      if (present) await save(present);
      if (blocked.current) return false;
      try {
        adopt(await run(revision.current));
        return true;
      } catch (error) {
        if (toErrorCode(error) === 'design-changed') {
          blocked.current = true;
          setStatus('conflict');
        } else setStatus('failed');
        return false;
      }
    },
    [adopt, present, save],
  );

  return {
    state,
    loadError,
    design: present,
    canUndo: (history?.past.length ?? 0) > 0,
    canRedo: (history?.future.length ?? 0) > 0,
    status: status === 'saved' && present !== savedDesign ? ('pending' as const) : status,
    problem,
    /** The design the server has (the preview loads again once a head-changing design is stored). */
    saved: savedDesign,
    reload,
    edit: (design: Design, group?: string) => dispatch({ type: 'change', design, group }),
    undo: () => dispatch({ type: 'undo' }),
    redo: () => dispatch({ type: 'redo' }),
    publish: () => afterSave((from) => call(designApi.publishDesign, { body: { revision: from } })),
    discard: () => afterSave((from) => call(designApi.discardDesign, { body: { revision: from } })),
    restore: (id: string) => afterSave((from) => call(designApi.restoreDesignVersion, { params: { id }, body: { revision: from } })),
  };
}

export type DesignDraft = ReturnType<typeof useDesignDraft>;
