import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DECISIONS_FOLDER, missingBackLinks, readDecisions, renderIndex, type DecisionRecord } from './decision-index.mjs';

const record = (number: string, status: string): DecisionRecord => {
  const [amends, amendedBy, replacedBy] = [/\bamends ([\d, and]+)/, /amended by ([\d, and]+)/, /replaced by ([\d, and]+)/].map((pattern) => [...(pattern.exec(status)?.[1] ?? '').matchAll(/\d{3}/g)].map((match) => match[0]));
  return { number, file: `${number}-x.md`, title: `Record ${number}`, status, amends: amends!, amendedBy: amendedBy!, replacedBy: replacedBy! };
};

describe('the index of decision records', () => {
  const decisions = readDecisions(DECISIONS_FOLDER);

  it('is current: docs/decisions/README.md is what the records say (node scripts/decision-index.mjs rewrites it)', () => {
    expect(readFileSync(path.join(DECISIONS_FOLDER, 'README.md'), 'utf8')).toBe(renderIndex(decisions));
    expect(decisions.length).toBeGreaterThan(100);
  });

  it('states every amendment at both ends, so an old record says what overtook it', () => {
    expect(missingBackLinks(decisions)).toEqual([]);
    const overtaken = Object.fromEntries(decisions.filter((decision) => ['021', '046', '047', '075'].includes(decision.number)).map((decision) => [decision.number, [...decision.amendedBy, ...decision.replacedBy]]));
    expect(overtaken).toEqual({ '021': ['128'], '046': ['053', '090'], '047': ['075', '100'], '075': ['100'] });
  });

  it('finds a link stated at one end only, and an amendment of a record that does not exist', () => {
    expect(missingBackLinks([record('001', 'accepted'), record('002', 'accepted (amends 001 and 009)')])).toEqual(['001 does not say it is amended by 002', '002 amends 009, which does not exist']);
    expect(missingBackLinks([record('001', 'accepted; amended by 002'), record('002', 'accepted (amends 001)')])).toEqual([]);
  });
});
