/**
 * Reads Mailchimp's audience export: a zip of `subscribed_*.csv`, `unsubscribed_*.csv` and
 * `cleaned_*.csv` (Audience > Export audience), or one of those CSVs alone. Nobody pays through
 * Mailchimp, so every member comes in free; an unsubscribed or cleaned address comes in with
 * newsletters off, so that moving never mails someone who asked not to be mailed, and so does a
 * nonsubscribed one, who never asked to be (but a member already here keeps what they chose here).
 */
import { basename } from 'node:path';
import { parse } from 'csv-parse/sync';
import type { ImportProblem } from '../../../common/api/imports.ts';
import { AppError } from '../../errors.ts';
import { cellDate, readCsv, readTextFile } from './read-csv.ts';
import type { SourceBundle, SourceReader } from './source-bundle.ts';
import { uniqueMembers, type UniqueMembers } from './unique-members.ts';
import { looksLikeZip, openZip } from './zip-archive.ts';

type List = 'cleaned' | 'unsubscribed' | 'nonsubscribed' | 'subscribed';
/** Lists that said no come first: an address on two lists keeps the first, so it keeps its "no". */
const LISTS_IN_ORDER: List[] = ['cleaned', 'unsubscribed', 'nonsubscribed', 'subscribed'];

/** By the file's name as Mailchimp gives it ("unsubscribed_members_export_1a2b3c.csv"). */
function listOf(fileName: string): List | undefined {
  const name = basename(fileName).toLowerCase();
  return LISTS_IN_ORDER.find((list) => name.startsWith(list) || name.startsWith(list.replace('non', 'non_')));
}

/** Mailchimp's TAGS cell is itself a CSV line of quoted names: `"Early reader","Podcast"`. */
function tags(cell: string): string[] {
  if (!cell.trim()) return [];
  try {
    const [names = []] = parse(cell, { relax_quotes: true, trim: true });
    return names.filter((name) => name !== '');
  } catch {
    return cell.split(',').map((name) => name.replace(/"/g, '').trim()).filter((name) => name !== '');
  }
}

function readList(text: string, fileName: string, list: List, members: UniqueMembers, problems: ImportProblem[]): void {
  const sheet = readCsv(text, fileName, ['Email Address'], 'a Mailchimp audience export');
  problems.push(...sheet.problems);
  for (const row of sheet.rows) {
    const note = row.cell('NOTES').trim();
    const labels = tags(row.cell('TAGS'));
    members.add({
      email: row.cell('Email Address'),
      name: `${row.cell('First Name').trim()} ${row.cell('Last Name').trim()}`.trim(),
      where: `${fileName} line ${row.line}`,
      createdAt: cellDate(row.cell('CONFIRM_TIME')) ?? cellDate(row.cell('OPTIN_TIME')),
      subscribedToEmails: list === 'subscribed',
      ...(list === 'nonsubscribed' ? { neverSubscribed: true } : {}),
      paid: false,
      ...(labels.length > 0 ? { labels } : {}),
      ...(note ? { note } : {}),
    });
  }
}

export const readMailchimpExport: SourceReader = async ({ filePath, fileName }): Promise<SourceBundle> => {
  const problems: ImportProblem[] = [];
  const members = uniqueMembers(problems);
  const bundle = (close: () => Promise<void>): SourceBundle => ({
    source: 'mailchimp',
    posts: [],
    members: members.members,
    problems,
    openEntry: async () => undefined,
    close,
  });

  if (!(await looksLikeZip(filePath))) {
    readList(await readTextFile(filePath, fileName), fileName, listOf(fileName) ?? 'subscribed', members, problems);
    return bundle(async () => {});
  }
  const archive = await openZip(filePath);
  try {
    const lists = archive.entries
      .filter((entry) => entry.name.toLowerCase().endsWith('.csv') && listOf(entry.name))
      .map((entry) => ({ name: entry.name, list: listOf(entry.name) as List }))
      .sort((a, b) => LISTS_IN_ORDER.indexOf(a.list) - LISTS_IN_ORDER.indexOf(b.list));
    if (lists.length === 0) {
      throw new AppError('invalid-import', 400, 'file', undefined, 'The archive holds no subscribed, unsubscribed or cleaned CSV: it is not a Mailchimp audience export.');
    }
    for (const { name, list } of lists) readList(await archive.readText(name), name, list, members, problems);
  } finally {
    await archive.close();
  }
  return bundle(async () => {});
};
