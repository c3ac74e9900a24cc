/**
 * The keyset cursor of the members list and export (members-query.ts): the last row's sort
 * key and id, for one sort and order, as base64url JSON. The client sends it back untouched,
 * so one that does not fit is made up and refused with a 400 before Postgres casts its key.
 */
import type { MemberSort } from '../../common/api/members.ts';
import type { MembersQueryData } from '../../common/member-schemas.ts';
import { isUuid } from '../../common/post-schemas.ts';
import { isStorableText } from '../../common/validation.ts';
import { AppError } from '../errors.ts';

/** The SQL type a sort's key is cast back to for the keyset comparison. */
export type SortKeyType = 'timestamptz' | 'text' | 'integer';

export interface Cursor {
  /** The sort and order it was made for: a cursor of another order means nothing. */
  s: MemberSort;
  o: 'asc' | 'desc';
  /** `a`: the rows after this key; `b`: the rows before it. */
  d: 'a' | 'b';
  k: string;
  id: string;
}

export const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

/** A timestamptz as Postgres writes it as text (`2026-11-24 20:14:48.123+00`, any zone), or an infinity. */
const TIMESTAMPTZ = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?[+-](\d{2})(:\d{2}){0,2}$/;
const INT4_MAX = 2_147_483_647;

function isRealTimestamp(text: string): boolean {
  if (text === 'infinity' || text === '-infinity') return true;
  const parts = TIMESTAMPTZ.exec(text);
  if (!parts) return false;
  const [year, month, day, hour, minute, second] = parts.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  // Date.UTC rolls 31 February over into March; Postgres refuses it.
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && hour < 24 && minute < 60 && second < 60;
}

/** Whether a cursor's key can be cast to its sort's type: the cast of one that cannot fails in Postgres, as a 500. */
const KEY_FITS: Record<SortKeyType, (key: string) => boolean> = {
  timestamptz: isRealTimestamp,
  text: isStorableText,
  integer: (key) => /^-?\d{1,10}$/.test(key) && Math.abs(Number(key)) <= INT4_MAX,
};

/** The cursor of this sort and order, or a 400: a cursor is the client's to send back untouched, so anything else was made up. */
export function decodeCursor(text: string, query: MembersQueryData, keyType: SortKeyType): Cursor {
  let cursor: Partial<Cursor> | null;
  try {
    cursor = JSON.parse(Buffer.from(text, 'base64url').toString()) as Partial<Cursor> | null;
  } catch {
    throw new AppError('invalid-input', 400);
  }
  const valid =
    cursor !== null &&
    cursor.s === query.sort &&
    cursor.o === query.order &&
    (cursor.d === 'a' || cursor.d === 'b') &&
    typeof cursor.k === 'string' &&
    KEY_FITS[keyType](cursor.k) &&
    typeof cursor.id === 'string' &&
    isUuid(cursor.id);
  if (!valid) throw new AppError('invalid-input', 400);
  return cursor as Cursor;
}
