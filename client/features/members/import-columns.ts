/**
 * The CSV header's column names, read in the browser only to offer them in
 * the mapping (the server parses the whole file with csv-parse), and a first
 * guess of which column is which field, from the names Ghost, Substack and
 * Patreon exports use.
 */
import { IMPORT_FIELDS, type ImportField, type ImportMapping } from '../../../common/api/members.ts';

/** The first record's cells: commas outside double quotes split, "" inside quotes is one quote. */
export function headerNames(csv: string): string[] {
  const text = csv.replace(/^\uFEFF/, '');
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const character = text[index]!;
    if (quoted) {
      if (character === '"' && text[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (character === '"') quoted = false;
      else cell += character;
    } else if (character === '"') quoted = true;
    else if (character === ',') {
      cells.push(cell.trim());
      cell = '';
    } else if (character === '\n' || character === '\r') break;
    else cell += character;
  }
  cells.push(cell.trim());
  return cells.every((name) => name === '') ? [] : cells;
}

const SYNONYMS: Record<ImportField, string[]> = {
  email: ['email', 'e-mail', 'email address', 'e-mail address', 'mail'],
  name: ['name', 'full name', 'fullname', 'display name'],
  note: ['note', 'notes'],
  labels: ['labels', 'label', 'tags'],
  subscribed_to_emails: ['subscribed_to_emails', 'subscribed', 'newsletter', 'email opt-in'],
  complimentary_plan: ['complimentary_plan', 'comp', 'complimentary'],
  stripe_customer_id: ['stripe_customer_id', 'stripe customer id', 'customer id'],
  tiers: ['tiers', 'tier', 'plan', 'membership'],
};

const simplify = (name: string) => name.trim().toLowerCase().replace(/[_\s]+/g, ' ');

export function guessMapping(columns: string[]): ImportMapping {
  const mapping: ImportMapping = {};
  for (const field of IMPORT_FIELDS) {
    const wanted = SYNONYMS[field].map(simplify);
    const found = columns.find((column) => wanted.includes(simplify(column)));
    if (found) mapping[field] = found;
  }
  return mapping;
}
