/**
 * How the import readers read a CSV (Substack's lists, Patreon's members, Mailchimp's audience):
 * csv-parse, columns found by their names in the header whatever their case or order, cells kept
 * as text (a formula cell is only text here; exports neutralise such cells), a row that cannot be
 * kept made a problem that names its line, and a file that cannot be read refused at its line.
 */
import { readFile, stat } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import type { ImportProblem } from '../../../common/api/imports.ts';
import { AppError } from '../../errors.ts';
import { ZIP_LIMITS } from './zip-archive.ts';

/**
 * A cell longer than this is no address, name or tag list but a malformed or hostile file; its row is
 * left out. csv-parse's `max_record_size` cannot do it: it fails the whole file, and with
 * `skip_records_with_error` (7.0.3) silently stops the parse at that row. The text is at most a zip's
 * text entry (64 MB), so the cells are measured once read.
 */
const MAX_CELL_CHARS = 1024 * 1024;

export interface CsvRow {
  /** The line the row ends on, as a spreadsheet numbers it (the header is line 1). */
  line: number;
  /** The cell under a column named (case, spaces and underscores aside) `column`; '' when the file has no such column. */
  cell(column: string): string;
}

export interface CsvSheet {
  rows: CsvRow[];
  /** Rows left out, each by its line: "members.csv line 12". */
  problems: ImportProblem[];
  /** Whether the file has a column of that name (case, spaces and underscores aside). */
  has(column: string): boolean;
}

/** "Email Address", "email_address" and "EMAIL ADDRESS" name one column. */
const columnKey = (name: string) => name.trim().toLowerCase().replace(/[\s_-]+/g, '_');

const refused = (detail: string) => new AppError('invalid-import', 400, 'file', undefined, detail);

type Parsed = { record: string[]; info: { lines: number } };

/**
 * A quote that does not close leaves csv-parse inside a quoted cell to the end of the file: every
 * later row would be lost or merged unseen, so the file is refused at the line, for the creator to fix.
 */
function unreadable(error: unknown, fileName: string): AppError {
  const { code, lines } = error as { code?: string; lines?: number };
  const what = code === 'CSV_QUOTE_NOT_CLOSED' || code === 'CSV_INVALID_CLOSING_QUOTE' ? 'a quote does not close' : 'the row is not CSV';
  return refused(`“${fileName}” line ${lines ?? 1}: ${what}, so the file cannot be read past it.`);
}

/**
 * The CSV `text` of the file `fileName`; `required` columns missing make the file `invalid-import`
 * ("“x.csv” has no column “Email”: it is not a Patreon members export"), `kind` saying what it should be.
 */
export function readCsv(text: string, fileName: string, required: string[], kind: string): CsvSheet {
  const problems: ImportProblem[] = [];
  const where = (line: number) => `${fileName} line ${line}`;
  let parsed: Parsed[];
  try {
    parsed = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: true, info: true }) as unknown as Parsed[];
  } catch (error) {
    throw unreadable(error, fileName);
  }
  const [head, ...all] = parsed;
  const body = all.filter(({ record, info }) => {
    if (!record.some((cell) => cell.length > MAX_CELL_CHARS)) return true;
    problems.push({ where: where(info.lines), message: 'A cell of this row is longer than 1 MB; the row is left out.' });
    return false;
  });
  const columns = new Map<string, number>();
  (head?.record ?? []).forEach((name, index) => {
    if (!columns.has(columnKey(name))) columns.set(columnKey(name), index);
  });
  const missing = required.filter((name) => !columns.has(columnKey(name)));
  if (missing.length > 0) {
    throw refused(`“${fileName}” has no column ${missing.map((name) => `“${name}”`).join(', ')}: it is not ${kind}.`);
  }
  // A reader asks each row for the same few names: each is turned into its column once, not once a row.
  const indexes = new Map<string, number | undefined>();
  const indexOf = (column: string) => {
    if (!indexes.has(column)) indexes.set(column, columns.get(columnKey(column)));
    return indexes.get(column);
  };
  const rows = body.map(({ record, info }): CsvRow => ({
    line: info.lines,
    cell: (column) => {
      const index = indexOf(column);
      return index === undefined ? '' : (record[index] ?? '');
    },
  }));
  return { rows, problems, has: (column) => columns.has(columnKey(column)) };
}

/** The names in a CSV's first line, to tell one export's file from another by its columns. */
export function csvColumns(text: string): string[] {
  try {
    const [head] = parse(text, { bom: true, to_line: 1, relax_column_count: true, relax_quotes: true });
    return (head ?? []).map(columnKey);
  } catch {
    return [];
  }
}

/** An uploaded CSV on the disk, as text, refused past the size of a text entry of a zip. */
export async function readTextFile(filePath: string, fileName: string): Promise<string> {
  const { size } = await stat(filePath);
  if (size > ZIP_LIMITS.maxTextBytes) {
    throw refused(`“${fileName}” is larger than ${ZIP_LIMITS.maxTextBytes / 1024 / 1024} MB, more than an import reads of one file.`);
  }
  return new TextDecoder('utf-8').decode(await readFile(filePath));
}

/** "2024-05-01", "2024-05-01 12:30:00.123456" (Patreon, Mailchimp: UTC), "2024-05-01T12:30:00.000Z" (Substack). */
export function cellDate(text: string): Date | null {
  const match = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2})?)(\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2}|UTC)?$/i.exec(text.trim());
  if (!match) return null;
  const [, day, time = '00:00:00', fraction = '', zone = 'Z'] = match;
  const offset = zone.toUpperCase() === 'UTC' ? 'Z' : zone.replace(/^([+-]\d{2})(\d{2})$/, '$1:$2');
  const date = new Date(`${day}T${time}${fraction.slice(0, 4)}${offset}`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Substack's "true", a spreadsheet's "TRUE", "yes" or "1". */
export const cellTrue = (text: string) => ['true', 'yes', '1', 'y'].includes(text.trim().toLowerCase());
