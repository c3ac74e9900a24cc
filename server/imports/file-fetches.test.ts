/** A file's problem names its post and the file as the run and the dry run both write it, and is known again when the run starts. */
import { describe, expect, it } from 'vitest';
import { fileProblem, isFileProblem, uncheckedProblem } from './file-fetches.ts';
import type { SourcePost } from './sources/source-bundle.ts';

const post: SourcePost = { key: '7', slug: 'hello', title: ' Hello ', excerpt: '', html: '<p>Hi</p>', status: 'published', publishedAt: null, visibility: 'public', tags: [], fileUrls: [], oldPaths: [], where: 'item 1' };

describe('file problems', () => {
  it('name the post and the file, then the reason', () => {
    expect(fileProblem(post, { url: 'https://cdn.example/a.png', image: true }, 'The server answered 404.')).toEqual({ where: 'Post “Hello”', message: 'Image https://cdn.example/a.png: The server answered 404.' });
    expect(fileProblem({ ...post, title: '' }, { url: 'http://old.example/a.pdf', image: false }, 'It took longer than 20 seconds.')).toEqual({ where: 'item 1', message: 'File http://old.example/a.pdf: It took longer than 20 seconds.' });
  });

  it('say how many files were left unchecked, in whole seconds', () => {
    expect(uncheckedProblem(1, 25_000).message).toBe('1 file was not checked in the 25 seconds the dry run gives them; the import tries each and names any it cannot copy.');
    expect(uncheckedProblem(3, 25_000).message).toMatch(/^3 files were not checked/);
  });

  it('are told from the other problems of an import', () => {
    expect(isFileProblem(fileProblem(post, { url: 'https://cdn.example/a.png', image: true }, 'It is not an image.'))).toBe(true);
    expect(isFileProblem(uncheckedProblem(2, 25_000))).toBe(true);
    expect(isFileProblem({ where: 'Post “Hello”', message: 'It has no body, so it is not imported.' })).toBe(false);
    expect(isFileProblem({ where: 'email_list.csv line 4', message: 'Image is not an address.' })).toBe(false);
  });
});
