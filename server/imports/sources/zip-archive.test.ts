import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lieAboutSizes, replaceBytes, uploadsFolder, zipBytes } from '../../../tests/support/zip-fixtures.ts';
import { AppError } from '../../errors.ts';
import { looksLikeZip, openZip, TextBudgetSpent, ZIP_LIMITS } from './zip-archive.ts';

let uploads: Awaited<ReturnType<typeof uploadsFolder>>;
beforeAll(async () => {
  uploads = await uploadsFolder();
});
afterAll(() => uploads.remove());

const MB = 1024 * 1024;

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe('invalid-import');
  expect((error as AppError).status).toBe(400);
  return error as AppError;
}

describe('openZip', () => {
  it('lists the files, reads one as text and streams another', async () => {
    const path = await uploads.write(
      'good.zip',
      await zipBytes({ 'posts.csv': '\ufeffpost_id,title\n1.a,A\n', 'posts/1.a.html': '<p>Hello ✓</p>', 'image.bin': randomBytes(5000) }),
    );
    const archive = await openZip(path);
    try {
      expect(archive.entries.map((entry) => entry.name).sort()).toEqual(['image.bin', 'posts.csv', 'posts/1.a.html']);
      expect(archive.entries.find((entry) => entry.name === 'image.bin')?.uncompressedSize).toBe(5000);
      expect(await archive.readText('posts.csv')).toBe('post_id,title\n1.a,A\n');
      expect(await archive.readText('posts/1.a.html')).toBe('<p>Hello ✓</p>');
      let bytes = 0;
      for await (const chunk of await archive.open('image.bin')) bytes += (chunk as Buffer).length;
      expect(bytes).toBe(5000);
      expect((await refusal(archive.open('nothing.txt'))).message).toContain('nothing.txt');
      expect((await refusal(archive.readText('posts.csv', 10))).message).toContain('posts.csv');
    } finally {
      await archive.close();
    }
  });

  it('refuses a truncated zip and a file that is no zip', async () => {
    const whole = await zipBytes({ 'posts.csv': 'post_id\n'.repeat(1000), 'a.txt': randomBytes(4000) });
    const cut = await uploads.write('cut.zip', whole.subarray(0, Math.floor(whole.length / 2)));
    expect((await refusal(openZip(cut))).message).toMatch(/not a zip archive, or it is cut short/);
    const csv = await uploads.write('list.csv', 'email\na@example.com\n');
    expect((await refusal(openZip(csv))).message).toMatch(/not a zip archive/);
    expect(await looksLikeZip(csv)).toBe(false);
    expect(await looksLikeZip(await uploads.write('whole.zip', whole))).toBe(true);
  });

  it('refuses a zip bomb: 10 MB of zeros in a few kilobytes', async () => {
    const bomb = await zipBytes({ 'posts.csv': Buffer.alloc(10 * MB) });
    expect(bomb.length).toBeLessThan(100 * 1024);
    const error = await refusal(openZip(await uploads.write('bomb.zip', bomb)));
    expect(error.message).toContain('“posts.csv” inflates more than 100 times');
  });

  it('refuses a zip bomb of many entries, none past the ratio alone: 40 entries of 1 MB of zeros in 50 KB', async () => {
    const entries = Object.fromEntries(Array.from({ length: 40 }, (_, index) => [`posts/${index}.p.html`, Buffer.alloc(MB)]));
    const bomb = await zipBytes(entries);
    expect(bomb.length).toBeLessThan(50 * 1024);
    const error = await refusal(openZip(await uploads.write('many.zip', bomb)));
    expect(error.message).toBe("The archive's files inflate to more than 100 times the archive's size, as only a zip bomb does; the archive is refused.");
  });

  it('counts the inflated bytes, so a header that lies about the size cannot pass', async () => {
    const lying = lieAboutSizes(await zipBytes({ 'email_list.csv': Buffer.alloc(10 * MB) }), 1000);
    const archive = await openZip(await uploads.write('lying.zip', lying));
    try {
      expect(archive.entries).toEqual([{ name: 'email_list.csv', uncompressedSize: 1000 }]);
      expect((await refusal(archive.readText('email_list.csv'))).message).toContain('“email_list.csv” of the archive is damaged');
    } finally {
      await archive.close();
    }
  });

  it('refuses an archive past the limits given: its size inflated and its number of files', async () => {
    const path = await uploads.write('big.zip', await zipBytes({ 'a.bin': randomBytes(MB), 'b.bin': randomBytes(MB), 'c.bin': randomBytes(10) }));
    expect((await refusal(openZip(path, { ...ZIP_LIMITS, maxTotalBytes: MB }))).message).toMatch(/inflates to more than 1 MB/);
    expect((await refusal(openZip(path, { ...ZIP_LIMITS, maxEntries: 2 }))).message).toMatch(/holds 3 files; an import takes at most 2/);
    const archive = await openZip(path);
    expect(archive.entries).toHaveLength(3);
    await archive.close();
  });

  it('refuses the archive once its texts together pass the budget, counting an entry read twice twice', async () => {
    // Text that compresses as text does (hex, twice), not as a bomb does: the archive's ratio is not what is tested.
    const text = Buffer.from(randomBytes(MB / 2).toString('hex'));
    const path = await uploads.write('texts.zip', await zipBytes({ 'a.html': text, 'b.html': text, 'c.html': text }));
    const archive = await openZip(path, { ...ZIP_LIMITS, maxTextTotalBytes: 2 * MB });
    try {
      expect(await archive.readText('a.html')).toHaveLength(MB);
      expect(await archive.readText('a.html')).toHaveLength(MB);
      const error = await refusal(archive.readText('b.html'));
      expect(error).toBeInstanceOf(TextBudgetSpent);
      expect(error.message).toBe("The archive's text files come to more than 2 MB together, more than an import reads; the archive is refused.");
      let bytes = 0;
      for await (const chunk of await archive.open('c.html')) bytes += (chunk as Buffer).length;
      expect(bytes).toBe(MB);
    } finally {
      await archive.close();
    }
  });

  it.each([
    ['../evil', 'xx/evil'],
    ['/etc/passwd', 'xetc/passwd'],
  ])('refuses the whole file when an entry is named %s', async (hostile, honest) => {
    const bytes = replaceBytes(await zipBytes({ 'posts.csv': 'post_id\n', [honest]: 'boo' }), honest, hostile);
    const error = await refusal(openZip(await uploads.write(`hostile-${honest.length}.zip`, bytes)));
    expect(error.message).toContain(`“${hostile}”`);
    expect(error.message).toContain('points outside the archive');
  });
});
