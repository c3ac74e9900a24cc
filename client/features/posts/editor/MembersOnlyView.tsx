/** The members-only marker inside the editor: a labelled line the creator can drag or remove. */
import { NodeViewWrapper, type ReactNodeViewProps } from '@tiptap/react';
import { MEMBERS_ONLY_HINT, MEMBERS_ONLY_LABEL } from '../../../content/editor.ts';

export function MembersOnlyView({ deleteNode, selected }: ReactNodeViewProps) {
  return (
    <NodeViewWrapper className={`members-only${selected ? ' members-only--selected' : ''}`} data-drag-handle="" contentEditable={false}>
      <div role="separator" aria-label={MEMBERS_ONLY_LABEL} className="members-only__line">
        <span className="members-only__label" title={MEMBERS_ONLY_HINT}>
          <svg viewBox="0 0 20 20" width="14" height="14" aria-hidden="true">
            <path d="M6 9V6a4 4 0 1 1 8 0v3h1v9H5V9h1Zm2 0h4V6a2 2 0 1 0-4 0v3Z" fill="currentColor" />
          </svg>
          {MEMBERS_ONLY_LABEL}
        </span>
      </div>
      <button type="button" className="node-remove" onClick={deleteNode} aria-label="Remove the members-only line">
        Remove
      </button>
    </NodeViewWrapper>
  );
}
