/**
 * The post editor: title, toolbar and body on the left, publishing and the
 * post's settings on the right (below on a phone). Tiptap edits the body as
 * the JSON document the server renders (common/posts.ts); usePostDraft saves.
 * Ctrl/Cmd+S saves, Ctrl/Cmd+K edits the link at the caret. Pictures pasted or
 * dropped into the body, or uploaded from the image dialog, upload in place
 * (upload-into-editor.ts).
 */
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { MediaItem } from '../../../../common/api/media.ts';
import * as postsApi from '../../../../common/api/posts.ts';
import type { MediaKind } from '../../../../common/media.ts';
import { POST_TITLE_MAX_LENGTH, type EditorDocument } from '../../../../common/posts.ts';
import { CharacterCount } from '../../../components/CharacterCount.tsx';
import { FieldError, describedBy } from '../../../components/FieldError.tsx';
import { LiveMessage } from '../../../components/LiveMessage.tsx';
import { LEAVE_WARNING, TITLE_REQUIRED, postProblemMessage } from '../../../content/posts.ts';
import { EDITOR_UPLOAD_COPY } from '../../../content/editor.ts';
import { useUploadMaxBytes } from '../../media/uploads/useUploadMaxBytes.ts';
import { DeletePostDialog } from './DeletePostDialog.tsx';
import { EditorToolbar } from './EditorToolbar.tsx';
import { hasMembersOnly, hasUploads, postExtensions } from './extensions.ts';
import { LinkDialog } from './LinkDialog.tsx';
import { applyLink, removeLink, selectedRange, type TextRange } from './link-editing.ts';
import { MediaPicker } from './MediaPicker.tsx';
import { PostSettings } from './PostSettings.tsx';
import { PublishPanel } from './PublishPanel.tsx';
import { EmailPanel } from './EmailPanel.tsx';
import { SaveIndicator } from './SaveIndicator.tsx';
import { filesToTake } from './upload-intake.ts';
import { uploadIntoEditor } from './upload-into-editor.ts';
import { UploadPlaceholders } from './UploadPlaceholders.tsx';
import { useLeaveGuard } from './useLeaveGuard.ts';
import { usePostDraft, type StatusChange } from './usePostDraft.ts';
import '../../../components/FormField.css';
import './editor.css';

type Picking = { for: 'body'; kind: MediaKind } | { for: 'cover' } | null;

const PICKER_TITLES: Record<MediaKind, string> = { image: 'Insert an image', video: 'Insert a video', audio: 'Insert audio', file: 'Attach a file' };

export function PostEditor({ initial, initialHandle }: { initial: postsApi.Post | null; initialHandle: string | null }) {
  const draft = usePostDraft(initial, initialHandle);
  // Made once: new extension instances on a render would make useEditor see changed options.
  const [extensions] = useState(postExtensions);
  const { post, fields, failure } = draft;
  const navigate = useNavigate();
  const titleId = useId();
  const titleInput = useRef<HTMLTextAreaElement>(null);
  const [titleError, setTitleError] = useState<string>();
  const [linkOpen, setLinkOpen] = useState(false);
  // The text a link is for, kept while the dialog has focus.
  const linkRange = useRef<TextRange>({ from: 0, to: 0 });
  const [picking, setPicking] = useState<Picking>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const maxBytes = useUploadMaxBytes();
  // Files refused from a paste, a drop or the dialog, said beside the body; the text around is left as it was.
  const [uploadProblem, setUploadProblem] = useState<string>();
  // The editor's paste and drop handlers are made once; they reach the current editor and limit through this.
  const takeFiles = useRef<(files: File[], kind: MediaKind, at?: number) => void>(() => undefined);


  const editor = useEditor({
    extensions,
    content: initial?.body ?? '',
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: { class: 'post-prose', role: 'textbox', 'aria-multiline': 'true', 'aria-label': 'Post body' },
      handlePaste: (_view, event) => {
        const files = event.clipboardData ? filesToTake(event.clipboardData) : [];
        if (files.length === 0) return false;
        event.preventDefault();
        takeFiles.current(files, 'image');
        return true;
      },
      handleDrop: (view, event, _slice, moved) => {
        const files = !moved && event.dataTransfer ? filesToTake(event.dataTransfer) : [];
        if (files.length === 0) return false;
        event.preventDefault();
        takeFiles.current(files, 'image', view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos);
        return true;
      },
    },
    onUpdate: ({ editor: current }) => draft.changeDocument(current.getJSON() as EditorDocument),
  });

  useLayoutEffect(() => {
    takeFiles.current = (files, kind, at) => {
      const refusals = uploadIntoEditor(editor, files, kind, maxBytes, at);
      setUploadProblem(refusals.length > 0 ? refusals.join(' ') : undefined);
    };
  }, [editor, maxBytes]);

  const hasMarker = useEditorState({ editor, selector: ({ editor: current }) => hasMembersOnly(current.state.doc) });
  const uploading = useEditorState({ editor, selector: ({ editor: current }) => hasUploads(current.state.doc) });

  // A draft's changes are saved on the way out; a live post's, or a draft's whose save failed, would be lost; so would a picture still uploading into it.
  const losesChanges = draft.dirty && (!draft.autosaves || draft.saveState === 'failed');
  useLeaveGuard(uploading || losesChanges, uploading ? EDITOR_UPLOAD_COPY.leaveWhileUploading : LEAVE_WARNING);

  const saveWith = async (change?: StatusChange) => {
    if (change && change.status !== 'draft' && !fields.title.trim()) {
      setTitleError(TITLE_REQUIRED);
      titleInput.current?.focus();
      return;
    }
    await draft.save(change);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (!(event.metaKey || event.ctrlKey) || event.altKey) return;
    const key = event.key.toLowerCase();
    if (key === 's') {
      event.preventDefault();
      if (draft.autosaves || draft.dirty) void draft.save();
    } else if (key === 'k' && editor.isFocused) {
      event.preventDefault();
      openLink();
    }
  };

  const leave = async () => {
    if (uploading && !window.confirm(EDITOR_UPLOAD_COPY.leaveWhileUploading)) return;
    if (draft.dirty && draft.autosaves) {
      if (!(await draft.save())) return;
    } else if (draft.dirty && !window.confirm(LEAVE_WARNING)) {
      return;
    }
    if (!draft.autosaves) draft.discard();
    void navigate('/upload');
  };

  const pick = (item: MediaItem) => {
    if (picking?.for === 'cover') draft.changeFields({ coverMediaId: item.id });
    else editor.chain().focus().insertMedia({ id: item.id, kind: item.kind }).run();
    setPicking(null);
  };

  const openLink = () => {
    linkRange.current = selectedRange(editor);
    setLinkOpen(true);
  };

  // Placed by code: the client's error parsing keeps only the fields of the auth forms (client/lib/api.ts), which stays in the main bundle.
  const failureCode = failure?.code;
  const slugProblem = failureCode === 'slug-taken' || failureCode === 'invalid-slug' ? postProblemMessage(failureCode) : undefined;
  const scheduleProblem = failureCode === 'invalid-publish-time' ? postProblemMessage(failureCode) : undefined;
  const generalProblem = failureCode && !slugProblem && !scheduleProblem ? postProblemMessage(failureCode) : undefined;

  return (
    // The shortcuts (Ctrl/Cmd+S, Ctrl/Cmd+K) apply wherever focus is in the editor page; each control keeps its own keys.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div className="post-editor" onKeyDown={onKeyDown}>
      <div className="post-editor__bar">
        <Link
          to="/upload"
          data-saves-first=""
          className="post-editor__back"
          onClick={(event) => {
            event.preventDefault();
            void leave();
          }}
        >
          ← All posts
        </Link>
        <SaveIndicator state={draft.saveState} autosaves={draft.autosaves} onRetry={() => void draft.save()} />
      </div>
      <LiveMessage tone="error">{generalProblem}</LiveMessage>

      <div className="post-editor__layout">
        <div className="post-editor__main">
          <label htmlFor={titleId} className="visually-hidden">
            Title
          </label>
          <textarea
            id={titleId}
            ref={titleInput}
            className="post-editor__title"
            placeholder="Post title"
            rows={1}
            maxLength={POST_TITLE_MAX_LENGTH}
            value={fields.title}
            aria-invalid={titleError ? true : undefined}
            aria-describedby={describedBy(titleId, { hasCount: true, error: titleError })}
            onChange={(event) => {
              setTitleError(undefined);
              draft.changeFields({ title: event.target.value.replace(/\n/g, ' ') });
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                editor.commands.focus('start');
                // Tiptap moves focus a frame later: the keys a quick typist presses meanwhile went into the title.
                editor.view.focus();
              }
            }}
          />
          <CharacterCount fieldId={titleId} length={fields.title.length} max={POST_TITLE_MAX_LENGTH} />
          <FieldError fieldId={titleId} message={titleError} />
          <div className="post-editor__body">
            <EditorToolbar editor={editor} onLink={openLink} onMedia={(kind) => setPicking({ for: 'body', kind })} />
            <LiveMessage tone="error">{uploadProblem}</LiveMessage>
            <EditorContent editor={editor} className="post-editor__content" />
            <UploadPlaceholders editor={editor} />
          </div>
        </div>

        <aside className="post-panel" aria-label="Publishing and settings">
          <PublishPanel
            key={`${post?.status}-${post?.publishedAt}`}
            post={post}
            handle={draft.handle}
            busy={draft.saveState === 'saving'}
            dirty={draft.dirty}
            scheduleError={scheduleProblem}
            onSave={(change) => void saveWith(change)}
            onDelete={() => setConfirmingDelete(true)}
          />
          <EmailPanel post={post} />
          <PostSettings
            fields={fields}
            savedSlug={post?.slug}
            handle={draft.handle}
            slugError={slugProblem}
            hasMarker={hasMarker}
            onChange={draft.changeFields}
            onChooseCover={() => setPicking({ for: 'cover' })}
          />
        </aside>
      </div>

      {linkOpen && (
        <LinkDialog
          open
          returnFocus={() => editor.commands.focus()}
          initialUrl={String(editor.getAttributes('link').href ?? '')}
          onApply={(href) => {
            applyLink(editor, linkRange.current, href);
            setLinkOpen(false);
          }}
          onRemove={() => {
            removeLink(editor, linkRange.current);
            setLinkOpen(false);
          }}
          onClose={() => {
            setLinkOpen(false);
            editor.commands.focus();
          }}
        />
      )}
      <MediaPicker
        kind={picking ? (picking.for === 'cover' ? 'image' : picking.kind) : undefined}
        title={picking?.for === 'cover' ? 'Choose a cover image' : picking ? PICKER_TITLES[picking.kind] : ''}
        onPick={pick}
        onUpload={
          picking?.for === 'body'
            ? (files) => {
                const kind = picking.kind;
                setPicking(null);
                takeFiles.current(files, kind);
              }
            : undefined
        }
        onClose={() => setPicking(null)}
      />
      <DeletePostDialog
        open={confirmingDelete}
        post={post}
        title={fields.title}
        onClose={() => setConfirmingDelete(false)}
        onDeleted={() => {
          draft.discard();
          void navigate('/upload');
        }}
      />
    </div>
  );
}
