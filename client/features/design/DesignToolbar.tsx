/** The design editor's toolbar: undo and redo, what autosave is doing, and Discard and Publish. */
import { SAVE_STATUS_WORDS } from '../../content/design.ts';
import type { DesignDraft } from './useDesignDraft.ts';

export type DesignAction = 'publish' | 'discard' | 'restore';

interface DesignToolbarProps {
  draft: DesignDraft;
  hasDraft: boolean;
  neverPublished: boolean;
  /** The publish, discard or restore on its way, if any: the others wait. */
  busy: DesignAction | undefined;
  onDiscard: () => void;
  onPublish: () => void;
}

export function DesignToolbar({ draft, hasDraft, neverPublished, busy, onDiscard, onPublish }: DesignToolbarProps) {
  return (
    <div className="design__toolbar">
      <button type="button" className="design__tool" onClick={draft.undo} disabled={!draft.canUndo}>
        Undo
      </button>
      <button type="button" className="design__tool" onClick={draft.redo} disabled={!draft.canRedo}>
        Redo
      </button>
      <p className={`design__status design__status--${draft.status}`} role="status">
        {SAVE_STATUS_WORDS[draft.status]}
        {draft.status === 'invalid' && draft.problem ? ` ${draft.problem}` : ''}
      </p>
      {draft.status === 'conflict' && (
        <button type="button" className="design__tool" onClick={draft.reload}>
          Load the latest version
        </button>
      )}
      <button type="button" className="design__tool" disabled={!hasDraft || busy !== undefined} onClick={onDiscard}>
        {busy === 'discard' ? 'Discarding…' : 'Discard'}
      </button>
      <button type="button" className="design__publish" disabled={busy !== undefined || draft.status === 'conflict' || draft.status === 'invalid' || (draft.status === 'saved' && !hasDraft && !neverPublished)} onClick={onPublish}>
        {busy === 'publish' ? 'Publishing…' : 'Publish'}
      </button>
    </div>
  );
}
