/** Whether the post is saved, said politely to screen readers; a failed save offers to retry. */
import { SAVE_STATE_LABELS } from '../../../content/posts.ts';
import type { SaveState } from './usePostDraft.ts';

export function SaveIndicator({ state, autosaves, onRetry }: { state: SaveState; autosaves: boolean; onRetry: () => void }) {
  // A pending autosave is about to run: saying "unsaved" for two seconds would only alarm.
  const label = state === 'unsaved' && autosaves ? SAVE_STATE_LABELS.saving : SAVE_STATE_LABELS[state];
  return (
    <div className={`save-indicator save-indicator--${state}`}>
      <span role="status">{label}</span>
      {state === 'failed' && (
        <button type="button" className="save-indicator__retry" onClick={onRetry}>
          Retry
        </button>
      )}
    </div>
  );
}
