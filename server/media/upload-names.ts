/**
 * The name a creator's file keeps in the library. It is only ever shown, never
 * used as a path (storage keys are ids), but it is cleaned anyway: no folders,
 * no `..`, no control or bidi characters that could disguise an extension, and
 * at most MEDIA_NAME_MAX_LENGTH characters with the extension kept.
 */
import { MEDIA_NAME_MAX_LENGTH } from '../../common/media.ts';

const FALLBACK_NAME = 'upload';
const EXTENSION_MAX_LENGTH = 10;

/** Control characters (\p{Cc}), and the bidi marks and overrides that make "gpj.exe" read "exe.jpg". */
export function sanitizeFileName(raw: string | null | undefined): string {
  const base = (raw ?? '')
    .normalize('NFC')
    .replace(/\p{Cc}|[\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, '')
    .split(/[/\\]/)
    .filter((part) => part !== '' && part !== '.' && part !== '..')
    .at(-1);
  const name = (base ?? '').replace(/^\.+/, '').trim();
  if (name === '') return FALLBACK_NAME;
  return shorten(name);
}

function shorten(name: string): string {
  const characters = [...name];
  if (characters.length <= MEDIA_NAME_MAX_LENGTH) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? name.slice(dot) : '';
  const kept = [...extension].length <= EXTENSION_MAX_LENGTH ? extension : '';
  const stemLength = MEDIA_NAME_MAX_LENGTH - [...kept].length;
  return characters.slice(0, stemLength).join('').trimEnd() + kept;
}
