#!/usr/bin/env node
/**
 * The index of the decision records (docs/decisions/README.md), written from the
 * records themselves so it cannot drift: each record's first line gives its
 * number and title, its `Status:` line what it amends ("amends 047") and what
 * amended or replaced it ("amended by 100", "replaced by 075"). A record a later
 * one amends must say so in its own status: a reader who opens the old record
 * first learns at once that it no longer tells the whole story.
 *
 * `node scripts/decision-index.mjs` rewrites the index; `npm test` checks that the
 * index is current and every link goes both ways (decision-index.test.ts).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const RECORD_FILE = /^(\d{3})-[a-z0-9-]+\.md$/;

/** The three-digit record numbers in a stretch of a status line, without repeats. */
function numbersIn(textPart) {
  return [...new Set([...textPart.matchAll(/\b(\d{3})\b/g)].map((match) => match[1]))];
}

/** The part of the status after `phrase`, up to the next clause (`;` or a sentence's end). */
function clauseAfter(status, phrase) {
  const at = status.search(phrase);
  if (at < 0) return '';
  return status.slice(at).split(/;|\.\s/)[0];
}

function statusOf(lines) {
  const inline = lines.find((line) => /^Status:/i.test(line));
  if (inline) return inline.replace(/^Status:\s*/i, '').trim();
  const heading = lines.findIndex((line) => /^##\s+Status\s*$/i.test(line));
  return heading >= 0 ? (lines.slice(heading + 1).find((line) => line.trim() !== '') ?? '').trim() : '';
}

export function readDecisions(folder) {
  return readdirSync(folder)
    .filter((file) => RECORD_FILE.test(file))
    .sort()
    .map((file) => {
      const lines = readFileSync(path.join(folder, file), 'utf8').split('\n');
      const number = file.slice(0, 3);
      const title = (lines[0] ?? '').replace(/^#\s*\d{3}\.?\s*/, '').trim();
      const status = statusOf(lines);
      return {
        number,
        file,
        title,
        status,
        amends: numbersIn(clauseAfter(status, /\bamends\b/i)).filter((other) => other !== number),
        amendedBy: numbersIn(clauseAfter(status, /\bamended by\b/i)),
        replacedBy: numbersIn(clauseAfter(status, /\b(replaced|overtaken) by\b/i)),
      };
    });
}

/** Links a record's status does not state although another record states the other end. */
export function missingBackLinks(decisions) {
  const byNumber = new Map(decisions.map((decision) => [decision.number, decision]));
  const missing = [];
  for (const decision of decisions) {
    for (const target of decision.amends) {
      const amended = byNumber.get(target);
      if (!amended) missing.push(`${decision.number} amends ${target}, which does not exist`);
      else if (!amended.amendedBy.includes(decision.number) && !amended.replacedBy.includes(decision.number)) {
        missing.push(`${target} does not say it is amended by ${decision.number}`);
      }
    }
  }
  return missing;
}

const link = (decisions, number) => {
  const target = decisions.find((decision) => decision.number === number);
  return target ? `[${number}](${target.file})` : number;
};

export function renderIndex(decisions) {
  const rows = decisions.map((decision) => {
    const later = [...decision.replacedBy.map((number) => `replaced by ${link(decisions, number)}`), ...decision.amendedBy.map((number) => `amended by ${link(decisions, number)}`)];
    const state = decision.replacedBy.length > 0 ? (/^overtaken in part/i.test(decision.status) ? '**overtaken in part**' : '**overtaken**') : /^accepted/i.test(decision.status) ? 'accepted' : decision.status.split(/[;.(]/)[0].trim();
    return `| [${decision.number}](${decision.file}) | ${decision.title.replaceAll('|', '\\|')} | ${state} | ${decision.amends.map((number) => link(decisions, number)).join(', ')} | ${later.join(', ')} |`;
  });
  return [
    '# Decision records',
    '',
    'Each record says what was decided, why, and what it costs (context, decision, consequences). A later record that changes an',
    'earlier one says "amends N" in its status, and the earlier one says "amended by" or "replaced by" in its own: read a record',
    'together with those that amend it. **Overtaken** records are kept for their reasons; what they decided no longer holds where',
    'their status says so.',
    '',
    'This index is written by `node scripts/decision-index.mjs` from the records\' first and `Status:` lines; `npm test` fails',
    'when it is stale or when a link is stated at one end only.',
    '',
    '| # | decision | status | amends | later |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}

export const DECISIONS_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'decisions');

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const decisions = readDecisions(DECISIONS_FOLDER);
  writeFileSync(path.join(DECISIONS_FOLDER, 'README.md'), renderIndex(decisions));
  const missing = missingBackLinks(decisions);
  for (const line of missing) console.log(line);
  console.log(`${decisions.length} records indexed${missing.length > 0 ? `, ${missing.length} links stated at one end only` : ''}`);
  process.exitCode = missing.length === 0 ? 0 : 1;
}
