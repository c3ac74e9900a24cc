/**
 * The members CSV in Ghost's columns, streamed: each keyset page of the query
 * is written as it arrives and the next is read only once the response has
 * drained, so memory stays flat at any size (docs/decisions/056). A cell that
 * a spreadsheet would run as a formula (starting with = + - @, tab or carriage
 * return) gets a leading apostrophe (OWASP's CSV injection advice).
 */
import type { Writable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { EXPORT_COLUMNS } from '../../common/api/members.ts';
import type { MemberRow } from './members-query.ts';

const FORMULA_START = /^[=+\-@\t\r]/;

export function guardFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

export function exportRecord(row: MemberRow): string[] {
  const record: Record<(typeof EXPORT_COLUMNS)[number], string> = {
    id: row.id,
    email: row.email,
    name: row.name,
    note: row.note,
    subscribed_to_emails: String(row.subscribedToEmails),
    complimentary_plan: String(row.status === 'comped'),
    stripe_customer_id: row.stripeCustomerId ?? '',
    created_at: row.createdAt.toISOString(),
    deleted_at: row.endedAt?.toISOString() ?? '',
    labels: row.labels.join(','),
    tiers: row.tierName,
  };
  return EXPORT_COLUMNS.map((column) => guardFormula(record[column]));
}

/** Writes the header and every page to `out`, waiting for it to drain between pages. */
export async function writeMembersCsv(pages: AsyncIterable<MemberRow[]>, out: Writable): Promise<void> {
  out.write(stringify([[...EXPORT_COLUMNS]]));
  for await (const rows of pages) {
    if (out.destroyed) return;
    if (!out.write(stringify(rows.map(exportRecord)))) await drained(out);
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
