import { describe, expect, it } from 'vitest';
import { filesToTake, intakeRefusal, sortIntake } from './upload-intake.ts';

const MIB = 1024 * 1024;

describe('what the post editor takes from a paste, a drop or its upload button', () => {
  it('takes an image within the limit, also one whose type the browser left out', () => {
    expect(intakeRefusal({ name: 'gulls.png', type: 'image/png', size: 10 }, 'image', MIB)).toBeNull();
    expect(intakeRefusal({ name: 'gulls.AVIF', type: '', size: 10 }, 'image', MIB)).toBeNull();
  });

  it('refuses what is not an image by its name, even when it is too large as well', () => {
    expect(intakeRefusal({ name: 'notes.pdf', type: 'application/pdf', size: 10 * MIB }, 'image', MIB)).toBe(
      '“notes.pdf” was not added: it is not an image (JPEG, PNG, WebP, GIF or AVIF).',
    );
    expect(intakeRefusal({ name: 'clip.mp4', type: 'video/mp4', size: 10 }, 'audio', MIB)).toBe('“clip.mp4” was not added: only audio files can go here.');
  });

  it('says the limit in words, and refuses an empty file', () => {
    expect(intakeRefusal({ name: 'huge.jpg', type: 'image/jpeg', size: MIB + 1 }, 'image', MIB)).toBe('“huge.jpg” was not added: it is larger than the 1 MB upload limit.');
    expect(intakeRefusal({ name: 'none.png', type: 'image/png', size: 0 }, 'image', MIB)).toBe('“none.png” was not added: the file is empty.');
  });

  it('sorts a mixed drop, keeping the order of what it takes', () => {
    const files = [
      { name: 'a.png', type: 'image/png', size: 1 },
      { name: 'b.txt', type: 'text/plain', size: 1 },
      { name: 'c.webp', type: 'image/webp', size: 1 },
    ];
    const { accepted, refusals } = sortIntake(files, 'image', MIB);
    expect(accepted.map((file) => file.name)).toEqual(['a.png', 'c.webp']);
    expect(refusals).toHaveLength(1);
    expect(refusals[0]).toContain('“b.txt”');
  });

  it('uploads a pasted picture, but takes a copy from a word processor as its text', () => {
    const picture = new File([new Uint8Array([1])], 'image.png', { type: 'image/png' });
    const offered = (data: Record<string, string>, files: File[] = [picture]) => ({ files, getData: (format: string) => data[format] ?? '' });
    expect(filesToTake(offered({}))).toEqual([picture]);
    // A browser's "Copy image": the file and an <img> of it.
    expect(filesToTake(offered({ 'text/html': '<meta charset="utf-8"><img src="https://example.org/a.png">' }))).toEqual([picture]);
    expect(filesToTake(offered({ 'text/html': '<p class=MsoNormal>Dear readers</p>', 'text/plain': 'Dear readers' }))).toEqual([]);
    expect(filesToTake(offered({ 'text/plain': 'just text' }, []))).toEqual([]);
  });
});
