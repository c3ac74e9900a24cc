/**
 * The keyset of the creator's inbox (GET /api/conversations): newest first by
 * the conversation's last message, then by id, so conversations that moved
 * at the same instant keep one order and the next page starts right after
 * the last row of this one, however deep (thousands of members). A cursor
 * carries that row's `last_message_at` as whole microseconds since 1970
 * (exact: a new conversation's time comes from Postgres's own clock, finer
 * than a millisecond) and its id, base64url so callers treat it as opaque.
 * The comparison is on the column itself, so `conversations_site_last_idx`
 * serves every page.
 */
import { sql, type SQL } from 'drizzle-orm';
import { isUuid } from '../../common/post-schemas.ts';
import { conversations } from '../../db/messaging-schema.ts';
import { badRequest } from '../errors.ts';

export interface InboxCursor {
  /** Microseconds since 1970, as digits. */
  at: string;
  id: string;
}

/** The key of a row as the cursor carries it. */
export const CURSOR_AT = sql<string>`floor(extract(epoch from ${conversations.lastMessageAt}) * 1000000)::bigint::text`;

// Up to 17 digits: any date to the year 5000, nothing negative or a cast could refuse (a timestamp before 4713 BC is an error, a 500).
const MICROS_PATTERN = /^\d{1,17}$/;

export function encodeInboxCursor(cursor: InboxCursor): string {
  return Buffer.from(JSON.stringify([cursor.at, cursor.id])).toString('base64url');
}

/** A cursor this server did not make, or mangled, is a 400, never a 500 from a failed cast. */
export function decodeInboxCursor(text: string): InboxCursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw badRequest('invalid-input');
  }
  if (!Array.isArray(parsed) || parsed.length !== 2 || !parsed.every((part) => typeof part === 'string')) throw badRequest('invalid-input');
  const [at, id] = parsed as [string, string];
  if (!MICROS_PATTERN.test(at) || !isUuid(id)) throw badRequest('invalid-input');
  return { at, id };
}

/** The conversations after the cursor's, in the inbox's order (both keys descending). */
export function afterInboxCursor(cursor: InboxCursor): SQL {
  return sql`(${conversations.lastMessageAt}, ${conversations.id}) < (timestamptz 'epoch' + ${cursor.at}::bigint * interval '1 microsecond', ${cursor.id}::uuid)`;
}
