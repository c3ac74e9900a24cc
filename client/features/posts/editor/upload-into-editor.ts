/**
 * Files pasted, dropped or chosen in the post editor: each one that may go
 * there starts an upload in the tab's queue (the media library's own tus
 * uploads, so it resumes and shows in the library too) and gets a
 * placeholder where it was put; the refusals come back in words, and
 * nothing is inserted for them.
 */
import type { Editor } from '@tiptap/react';
import type { MediaKind } from '../../../../common/media.ts';
import { EDITOR_UPLOAD_COPY } from '../../../content/editor.ts';
import { uploadQueue } from '../../media/uploads/upload-queue.ts';
import type { UploadPlaceholder } from './extensions.ts';
import { sortIntake } from './upload-intake.ts';

/** Starts the uploads and inserts their placeholders at `at` (a drop's place) or the caret; returns what was refused, in words. */
export function uploadIntoEditor(editor: Editor, files: readonly File[], kind: MediaKind, maxBytes: number, at?: number): string[] {
  const { accepted, refusals } = sortIntake(files, kind, maxBytes);
  const placeholders: UploadPlaceholder[] = [];
  for (const file of accepted) {
    const started = uploadQueue().addOne(file, maxBytes);
    if (started.ok) placeholders.push({ key: started.key, name: file.name });
    else refusals.push(EDITOR_UPLOAD_COPY.refused(file.name, started.reason));
  }
  if (placeholders.length > 0) editor.chain().focus().insertUploads(placeholders, at).run();
  return refusals;
}
