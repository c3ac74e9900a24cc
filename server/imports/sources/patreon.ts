/**
 * Reads Patreon's members CSV (creator page > Audience > Export CSV). Patreon's payments cannot
 * move, so no patron pays here from the start: an active patron comes in comped on the tier the
 * creator maps their Patreon tier to, until their next charge date; declined and former patrons
 * come in as free members, and the dry run says how many.
 */
import type { ImportProblem } from '../../../common/api/imports.ts';
import { cellDate, readCsv, readTextFile, type CsvRow } from './read-csv.ts';
import type { SourceBundle, SourceMember, SourceReader } from './source-bundle.ts';
import { uniqueMembers } from './unique-members.ts';

const ACTIVE = 'active patron';
/** What a patron's tier is called when Patreon's "Tier" cell is empty (a custom pledge). */
const NO_TIER = 'Patrons without a tier';

/** A member of Patreon's free tier is listed as an active patron too, with "Free Member" yes and no pledge. */
function paysNow(row: CsvRow): boolean {
  if (row.cell('Patron Status').trim().toLowerCase() !== ACTIVE) return false;
  if (row.cell('Free Member').trim().toLowerCase() === 'yes') return false;
  const pledge = Number.parseFloat(row.cell('Pledge Amount').replace(/[^\d.]/g, ''));
  return Number.isNaN(pledge) || pledge > 0;
}

function member(row: CsvRow, where: string): SourceMember {
  const status = row.cell('Patron Status').trim();
  const paid = paysNow(row);
  return {
    email: row.cell('Email'),
    name: row.cell('Name').trim(),
    where,
    createdAt: cellDate(row.cell('Patronage Since Date')),
    subscribedToEmails: true,
    paid,
    ...(paid ? { plan: row.cell('Tier').trim() || NO_TIER, compUntil: cellDate(row.cell('Next Charge Date')) } : {}),
    ...(paid || !status ? {} : { note: `Patreon: ${status}` }),
  };
}

export const readPatreonCsv: SourceReader = async ({ filePath, fileName }): Promise<SourceBundle> => {
  const problems: ImportProblem[] = [];
  const sheet = readCsv(await readTextFile(filePath, fileName), fileName, ['Email', 'Patron Status'], 'a Patreon members export');
  problems.push(...sheet.problems);
  const members = uniqueMembers(problems);
  for (const row of sheet.rows) members.add(member(row, `${fileName} line ${row.line}`));

  const unpaid = members.members.filter((one) => !one.paid).length;
  if (unpaid > 0) {
    problems.push({
      where: fileName,
      message: `${unpaid === 1 ? 'One declined, former or free patron comes' : `${unpaid} declined, former or free patrons come`} in as free members: Patreon's payments cannot move.`,
    });
  }
  return { source: 'patreon', posts: [], members: members.members, problems, openEntry: async () => undefined, close: async () => {} };
};
