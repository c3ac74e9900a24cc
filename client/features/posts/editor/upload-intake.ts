/**
 * Which files pasted, dropped or chosen in the post editor may start an
 * upload, and why the others may not, in words naming the file: the editor
 * shows its uploads in place, so a refusal must be said where the creator
 * is, before anything is inserted. The limit is the server's own
 * (`UPLOAD_MAX_BYTES`), which tus creation enforces again.
 */
import { ACCEPTED_MEDIA_TYPES, type MediaKind } from '../../../../common/media.ts';
import { EDITOR_UPLOAD_COPY, MEDIA_KIND_PLURALS } from '../../../content/editor.ts';
import { formatBytes } from '../../media/uploads/format.ts';
import { mediaTypeOf, type FileFacts } from '../../media/uploads/upload-checks.ts';

/** Why `file` cannot go where a `kind` goes, or null when it can. */
export function intakeRefusal(file: FileFacts, kind: MediaKind, maxBytes: number): string | null {
  if (ACCEPTED_MEDIA_TYPES[mediaTypeOf(file)] !== kind) {
    return kind === 'image' ? EDITOR_UPLOAD_COPY.notImage(file.name) : EDITOR_UPLOAD_COPY.wrongKind(file.name, MEDIA_KIND_PLURALS[kind]);
  }
  if (file.size === 0) return EDITOR_UPLOAD_COPY.empty(file.name);
  if (file.size > maxBytes) return EDITOR_UPLOAD_COPY.tooLarge(file.name, formatBytes(maxBytes));
  return null;
}

/** The files a paste or drop carries, split into those to upload and the refusals to say. */
export function sortIntake<F extends FileFacts>(files: readonly F[], kind: MediaKind, maxBytes: number): { accepted: F[]; refusals: string[] } {
  const accepted: F[] = [];
  const refusals: string[] = [];
  for (const file of files) {
    const refusal = intakeRefusal(file, kind, maxBytes);
    if (refusal) refusals.push(refusal);
    else accepted.push(file);
  }
  return { accepted, refusals };
}

/** What a paste or drop offers: files, and the text and HTML beside them. */
export interface OfferedData {
  files: ArrayLike<File> & Iterable<File>;
  getData: (format: string) => string;
}

/**
 * The files a paste or drop should upload, or none when the editor should take it as text: a copy from a word
 * processor carries a picture of the copied text beside the text itself, and the text is what the creator meant.
 */
export function filesToTake(offered: OfferedData): File[] {
  if (offered.files.length === 0) return [];
  const html = offered.getData('text/html');
  const hasText = offered.getData('text/plain').trim() !== '';
  if (hasText && /<(p|h[1-6]|li|td|span|div|br)\b/i.test(html)) return [];
  return [...offered.files];
}
