/**
 * The members CSV in Ghost's columns, streamed: each keyset page of the query
 * is written as it arrives and the next is read only once the response has
 * drained, so memory stays flat at any size (docs/decisions/056). A cell that
 * a spreadsheet would run as a formula (starting with = + - @, tab or carriage
 * return) gets a leading apostrophe (OWASP's CSV injection advice).
 *
 * Postgres hands over every cell as the text the file shows (ISO times,
 * `true`/`false`, labels joined), the driver's rows are used as they come
 * (drizzle's per-field row mapping was most of the cost), and one small writer
 * guards and quotes the cells as csv-stringify's defaults did, byte for byte
 * (docs/decisions/070).
 */
import type { Writable } from 'node:stream';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { EXPORT_COLUMNS } from '../../common/api/members.ts';
import { memberships, tiers } from '../../db/content-schema.ts';
import { users } from '../../db/schema.ts';

type ExportColumn = (typeof EXPORT_COLUMNS)[number];

/** Date.prototype.toISOString's form; both truncate to the millisecond. */
const isoText = (column: AnyColumn) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Each cell named after its CSV column, so the driver's row carries the column's name. */
export const EXPORT_CELLS = {
  id: sql<string>`${memberships.id}::text`.as('id'),
  email: sql<string>`${users.email}`.as('email'),
  name: sql<string>`${users.fullName}`.as('name'),
  note: sql<string>`${memberships.note}`.as('note'),
  subscribed_to_emails: sql<string>`${memberships.subscribedToEmails}::text`.as('subscribed_to_emails'),
  complimentary_plan: sql<string>`(${memberships.status} = 'comped')::text`.as('complimentary_plan'),
  stripe_customer_id: sql<string>`coalesce(${memberships.stripeCustomerId}, '')`.as('stripe_customer_id'),
  created_at: sql<string>`${isoText(memberships.createdAt)}`.as('created_at'),
  deleted_at: sql<string>`coalesce(${isoText(memberships.endedAt)}, '')`.as('deleted_at'),
  // The third argument writes a null element as an empty string, as Array.prototype.join does.
  labels: sql<string>`array_to_string(array(select jsonb_array_elements_text(${memberships.labels})), ',', '')`.as('labels'),
  tiers: sql<string>`${tiers.name}`.as('tiers'),
} satisfies Record<ExportColumn, SQL.Aliased<string>>;

export type ExportCells = Record<ExportColumn, string>;

const FORMULA_START = /^[=+\-@\t\r]/;
/** csv-stringify quotes a cell holding its delimiter, its quote or a line break. */
const NEEDS_QUOTES = /[",\r\n]/;

export function guardFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

function csvCell(value: string): string {
  const guarded = guardFormula(value);
  return NEEDS_QUOTES.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

/** One CSV line of cells, formula starts neutralised; also the site export's members.csv (server/exports/). */
export function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(',')}\n`;
}

/** One page of rows as CSV text, each line ended by `\n`. */
export function csvLines(rows: readonly ExportCells[]): string {
  let text = '';
  for (const row of rows) text += csvLine(EXPORT_COLUMNS.map((column) => row[column]));
  return text;
}

/** Writes the header and every page to `out`, waiting for it to drain between pages. */
export async function writeMembersCsv(pages: AsyncIterable<string>, out: Writable): Promise<void> {
  out.write(csvLine(EXPORT_COLUMNS));
  for await (const text of pages) {
    if (out.destroyed) return;
    if (!out.write(text)) await drained(out);
  }
}

/** A reader who went away never drains: their close ends the wait too. */
function drained(out: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
}
