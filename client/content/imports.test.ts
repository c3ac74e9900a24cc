import { describe, expect, it } from 'vitest';
import { countLines, hasAnythingToImport, importProblem, moreProblems, phaseWords, resultLines, resultSummary } from './imports.ts';

const result = { posts: 0, members: 0, linkedSubscriptions: 0, compedPatrons: 0, files: 0, redirects: 0, comments: 0 };

describe('the import page’s words', () => {
  it('says the phase with how far the whole run is', () => {
    expect(phaseWords('members', 12)).toBe('Copying members… 12% done');
    expect(phaseWords('files', 0)).toBe('Copying images and files… 0% done');
    expect(phaseWords('finishing', 100)).toBe('Finishing…');
    expect(phaseWords('posts')).toBe('Copying posts…');
  });

  it('counts the dry run in words, singular and plural', () => {
    expect(countLines({ posts: 1, members: 2000, paidMembers: 0, files: 1 })).toEqual(['1 post', '2,000 members', '0 paying members', '1 image or file to copy']);
    expect(countLines({ posts: 0, members: 0, paidMembers: 0, files: 0, comments: 4 })).toContain('4 comments');
  });

  it('knows a file with nothing in it', () => {
    expect(hasAnythingToImport({ posts: 0, members: 0, paidMembers: 0, files: 0 })).toBe(false);
    expect(hasAnythingToImport({ posts: 0, members: 1, paidMembers: 0, files: 0 })).toBe(true);
  });

  it('says what a run made and leaves out the zeros; a rerun made nothing new', () => {
    expect(resultLines({ ...result, members: 3, linkedSubscriptions: 1 })).toEqual(['3 members', '1 subscription linked on Stripe']);
    expect(resultSummary({ ...result })).toBe('Nothing new');
    expect(resultSummary(null)).toBe('—');
  });

  it('counts the problems left out of the list', () => {
    expect(moreProblems(1)).toBe('and 1 more problem');
    expect(moreProblems(2500)).toBe('and 2,500 more problems');
  });

  it('shows the server’s own words for a file it refused, and the code’s words otherwise', () => {
    expect(importProblem('invalid-import', 'subscribers.csv line 3: no address')).toBe('subscribers.csv line 3: no address');
    expect(importProblem('invalid-import')).toMatch(/cannot be imported/);
    expect(importProblem('network-request-failed')).toMatch(/connection/);
  });
});
