/**
 * What a file on disk is, told by its first bytes alone, for files that come
 * with no type anyone declared (an import's copied images and attachments,
 * the address guard's check that a fetched "image" is one). It answers the
 * kind of library item it would make and the type it is served as; or
 * nothing for what the library takes no upload of. Containers that hold
 * video or sound (MP4, WebM) are read by their brand; processing then checks
 * the streams, as it does for an upload.
 */
import type { MediaKind } from '../../common/media.ts';
import { confirmedType, readHead, sniffFormat, type SniffedFormat } from './processing/sniff.ts';

export interface FileKind {
  kind: MediaKind;
  type: string;
}

/** The ISO-media brands of sound alone (iTunes' M4A, audiobooks, protected M4A); any other brand is read as video. */
const AUDIO_BRANDS = new Set(['M4A ', 'M4B ', 'M4P ']);

function kindOf(format: SniffedFormat, head: Buffer, zip: boolean): FileKind | undefined {
  switch (format) {
    case 'jpeg':
    case 'png':
    case 'gif':
    case 'webp':
    case 'avif':
      return { kind: 'image', type: confirmedType(format, '') };
    case 'pdf':
      return { kind: 'file', type: confirmedType(format, '') };
    case 'mp3':
    case 'wav':
    case 'flac':
      return { kind: 'audio', type: confirmedType(format, '') };
    case 'ogg':
      return { kind: 'audio', type: 'audio/ogg' };
    case 'iso-media': {
      const brand = head.subarray(8, 12).toString('latin1');
      if (AUDIO_BRANDS.has(brand)) return { kind: 'audio', type: 'audio/mp4' };
      return { kind: 'video', type: brand === 'qt  ' ? 'video/quicktime' : 'video/mp4' };
    }
    case 'matroska':
      return { kind: 'video', type: 'video/webm' };
    // A zip is uploaded on purpose, to sell (common/media.ts); one an import finds stays out of the library, unless
    // the library had it already (our own export's media).
    case 'zip':
      return zip ? { kind: 'file', type: confirmedType(format, '') } : undefined;
    case 'unknown':
      return undefined;
  }
}

/** `zip`: a zip is taken too (a file that was a library item on another site of this platform). */
export async function fileKindOf(filePath: string, { zip = false }: { zip?: boolean } = {}): Promise<FileKind | undefined> {
  const head = await readHead(filePath);
  return kindOf(sniffFormat(head), head, zip);
}
