/**
 * Ghost's members CSV (Members › Export), the file a Ghost site's members leave in:
 * `id,email,name,note,subscribed_to_emails,complimentary_plan,stripe_customer_id,created_at,deleted_at,labels,tiers`,
 * and in newer versions `status` (free, paid or comped). Ghost keeps its paying members'
 * subscriptions on the creator's own Stripe account, so a paid member carries the customer the
 * planner links them by; a comped member is said to be comped on their tier, for the planner to comp.
 */
import type { ImportProblem } from '../../../common/api/imports.ts';
import { cellDate, cellTrue, readCsv, type CsvRow } from './read-csv.ts';
import type { SourceMember } from './source-bundle.ts';
import type { UniqueMembers } from './unique-members.ts';

/** Ghost's columns beside `email` (as csvColumns writes them): a CSV is Ghost's when it has an address and two of these. */
const GHOST_COLUMNS = ['id', 'name', 'note', 'subscribed_to_emails', 'complimentary_plan', 'stripe_customer_id', 'created_at', 'deleted_at', 'labels', 'tiers', 'status'];
/** The plan of a comped member whose row names no tier (Ghost before tiers had one complimentary plan). */
const COMPLIMENTARY = 'Complimentary';

export const isGhostMembersHeader = (columns: string[]) => columns.includes('email') && GHOST_COLUMNS.filter((column) => columns.includes(column)).length >= 2;

/** Ghost joins label and tier names with commas. */
const names = (cell: string) =>
  cell
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');

/**
 * Paid and comped as Ghost says: its `status` when the file has one; else a complimentary plan is
 * comped (Ghost 3 and 4 comped through a Stripe subscription of no price, so such a member may name a
 * customer too) and a Stripe customer otherwise means a paying member.
 */
function standingOf(row: CsvRow, hasStatus: boolean): { paid: boolean; comped: boolean } {
  if (hasStatus) {
    const status = row.cell('status').trim().toLowerCase();
    return { paid: status === 'paid', comped: status === 'comped' };
  }
  const comped = cellTrue(row.cell('complimentary_plan'));
  return { paid: !comped && row.cell('stripe_customer_id').trim() !== '', comped };
}

function memberOf(row: CsvRow, where: string, hasStatus: boolean): SourceMember {
  const { paid, comped } = standingOf(row, hasStatus);
  const customer = row.cell('stripe_customer_id').trim();
  const note = row.cell('note').trim();
  const labels = names(row.cell('labels'));
  const tier = names(row.cell('tiers'))[0];
  return {
    email: row.cell('email'),
    name: row.cell('name').trim(),
    where,
    createdAt: cellDate(row.cell('created_at')),
    // Ghost writes true or false; a row that leaves it empty was subscribed, as Ghost's own import takes it.
    subscribedToEmails: row.cell('subscribed_to_emails').trim() === '' || cellTrue(row.cell('subscribed_to_emails')),
    paid,
    ...(paid && tier ? { plan: tier } : {}),
    ...(comped ? { comped: true, plan: tier ?? COMPLIMENTARY } : {}),
    ...(customer ? { stripeCustomerId: customer } : {}),
    ...(note ? { note } : {}),
    ...(labels.length > 0 ? { labels } : {}),
  };
}

/** Adds the CSV's members (`fileName` names it in problems); a member Ghost deleted is left out with a problem. */
export function readGhostMembers(text: string, fileName: string, members: UniqueMembers, problems: ImportProblem[]): void {
  const sheet = readCsv(text, fileName, ['email'], 'Ghost’s members export');
  problems.push(...sheet.problems);
  const hasStatus = sheet.has('status');
  for (const row of sheet.rows) {
    const where = `${fileName} line ${row.line}`;
    if (row.cell('deleted_at').trim() !== '') {
      problems.push({ where, message: `${row.cell('email').trim() || 'This member'} was deleted in Ghost; they are left out.` });
      continue;
    }
    members.add(memberOf(row, where, hasStatus));
  }
}
