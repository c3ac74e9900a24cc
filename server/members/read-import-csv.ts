/**
 * The reading of a members CSV for the import (members-import.ts): the file is parsed by
 * csv-parse, the mapping's columns found in its header, and a cell read as a yes or no.
 */
import { parse } from 'csv-parse/sync';
import type { ImportField, ImportMapping } from '../../common/api/members.ts';
import { isStorableText } from '../../common/validation.ts';
import { AppError } from '../errors.ts';

export function parseBoolean(value: string, fallback: boolean): boolean {
  const text = value.trim().toLowerCase();
  if (['true', 'yes', '1', 'y'].includes(text)) return true;
  if (['false', 'no', '0', 'n'].includes(text)) return false;
  return fallback;
}

/** The header names the mapping uses must be in the file. */
export function columnIndexes(header: string[], mapping: ImportMapping): Partial<Record<ImportField, number>> {
  const indexes: Partial<Record<ImportField, number>> = {};
  for (const [field, column] of Object.entries(mapping) as [ImportField, string | undefined][]) {
    if (!column) continue;
    const index = header.indexOf(column);
    if (index < 0) throw new AppError('invalid-input', 400);
    indexes[field] = index;
  }
  return indexes;
}

export function readCsv(csv: string): { header: string[]; records: { line: number; cells: string[] }[] } {
  let parsed: { record: string[]; info: { lines: number } }[];
  try {
    // csv-parse reads the text as UTF-8 bytes, which turns a lone surrogate into U+FFFD unseen: as U+0000 it survives, and its row is refused as unstorable.
    parsed = parse(csv.replace(/\p{Cs}/gu, '\u0000'), { bom: true, relax_column_count: true, skip_empty_lines: true, info: true, trim: false }) as unknown as typeof parsed;
  } catch {
    throw new AppError('invalid-input', 400);
  }
  const [head, ...rest] = parsed;
  if (!head) throw new AppError('invalid-input', 400);
  return { header: head.record.map((cell) => cell.trim()), records: rest.map(({ record, info }) => ({ line: info.lines, cells: record })) };
}

/** The address as the report can show it: what cannot be shown becomes U+FFFD. */
export const printable = (text: string) => Array.from(text, (character) => (isStorableText(character) ? character : '\uFFFD')).join('');
