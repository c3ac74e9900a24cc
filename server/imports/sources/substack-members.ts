/**
 * The members of a Substack export: its e-mail list (`email_list.{publication}.csv`: who is on the
 * list, who pays now, who turned e-mails off), merged by address with a subscribers CSV found
 * anywhere in the zip by its columns (the dashboard's subscriber export, which names the Stripe
 * customer on the creator's own account, the one the import links a paying member to).
 */
import type { ImportProblem } from '../../../common/api/imports.ts';
import { cellDate, cellTrue, csvColumns, readCsv, type CsvRow } from './read-csv.ts';
import type { SourceMember } from './source-bundle.ts';
import { uniqueMembers, type UniqueMembers } from './unique-members.ts';
import type { ZipArchive } from './zip-archive.ts';

const EMAIL_LIST = /(^|\/)email_list[^/]*\.csv$/i;
/** The subscribers CSV has an address and one of these (as csvColumns writes them). */
const SUBSCRIBER_COLUMNS = ['stripe_connected_customer_id', 'subscription_type', 'name'];
/** How far into a CSV its header is looked for: a header is a line of column names. */
const HEADER_BYTES = 64 * 1024;
/** A subscription type of the subscribers CSV that is paid (Substack writes "Monthly", "Yearly", "Founding", "Paid"...). */
const PAID_TYPE = /paid|month|year|annual|founding/i;

/** Paid now: an active subscription whose expiry, when given, is still to come. */
function paysNow(row: CsvRow, now: Date): boolean {
  if (!cellTrue(row.cell('active_subscription'))) return false;
  const expiry = cellDate(row.cell('expiry'));
  return !expiry || expiry > now;
}

function listMember(row: CsvRow, where: string, now: Date): SourceMember {
  return {
    email: row.cell('email'),
    name: row.cell('name').trim(),
    where,
    createdAt: cellDate(row.cell('created_at')),
    subscribedToEmails: !cellTrue(row.cell('email_disabled')),
    paid: paysNow(row, now),
  };
}

async function headerOf(archive: ZipArchive, name: string): Promise<string[]> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  const stream = await archive.open(name);
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer);
    bytes += (chunk as Buffer).length;
    if (bytes >= HEADER_BYTES) break;
  }
  stream.destroy();
  return csvColumns(Buffer.concat(chunks).subarray(0, HEADER_BYTES).toString('utf8'));
}

/** A CSV outside the posts' folder, other than posts.csv and the e-mail list, whose header names an address and a subscriber's details. */
async function findSubscribersCsv(archive: ZipArchive): Promise<string | undefined> {
  const candidates = archive.entries
    .map((entry) => entry.name)
    .filter((name) => /\.csv$/i.test(name) && !EMAIL_LIST.test(name) && !/(^|\/)posts(\.csv$|\/)/i.test(name));
  for (const name of candidates) {
    const columns = await headerOf(archive, name);
    if (columns.includes('email') && SUBSCRIBER_COLUMNS.some((column) => columns.includes(column))) return name;
  }
  return undefined;
}

function mergeSubscribers(sheetRows: CsvRow[], fileName: string, members: UniqueMembers, problems: ImportProblem[]): void {
  const seen = new Map<string, number>();
  for (const row of sheetRows) {
    const where = `${fileName} line ${row.line}`;
    const email = row.cell('email').trim().toLowerCase();
    const first = seen.get(email);
    if (email && first !== undefined) {
      problems.push({ where, message: `${email} is already on ${fileName} line ${first}; only the first is kept.` });
      continue;
    }
    seen.set(email, row.line);
    const customer = row.cell('stripe_connected_customer_id').trim();
    const subscription = row.cell('stripe_connected_subscription_id').trim();
    const type = row.cell('subscription_type') || row.cell('plan');
    const known = email ? members.find(email) : undefined;
    const member = known ?? {
      email,
      name: '',
      where,
      createdAt: cellDate(row.cell('created_at')) ?? cellDate(row.cell('subscription_date')),
      subscribedToEmails: true,
      paid: PAID_TYPE.test(type) && !/free|comp|gift/i.test(type),
    };
    member.name ||= row.cell('name').trim();
    if (customer) member.stripeCustomerId = customer;
    if (subscription) member.stripeSubscriptionId = subscription;
    if (!known) members.add(member);
  }
}

/** Every member of the export, one per address, with the problems of their rows. */
export async function readSubstackMembers(archive: ZipArchive, problems: ImportProblem[], now: Date): Promise<SourceMember[]> {
  const members = uniqueMembers(problems);
  const list = archive.entries.find((entry) => EMAIL_LIST.test(entry.name))?.name;
  if (list) {
    const sheet = readCsv(await archive.readText(list), list, ['email'], "a Substack export's e-mail list");
    problems.push(...sheet.problems);
    for (const row of sheet.rows) members.add(listMember(row, `${list} line ${row.line}`, now));
  }
  const subscribers = await findSubscribersCsv(archive);
  if (subscribers) {
    const sheet = readCsv(await archive.readText(subscribers), subscribers, ['email'], 'a Substack subscribers export');
    problems.push(...sheet.problems);
    mergeSubscribers(sheet.rows, subscribers, members, problems);
  }
  return members.members;
}
