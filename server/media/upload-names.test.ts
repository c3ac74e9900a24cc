import { describe, expect, it } from 'vitest';
import { MEDIA_NAME_MAX_LENGTH } from '../../common/media.ts';
import { sanitizeFileName } from './upload-names.ts';

describe('sanitizeFileName', () => {
  it('keeps an ordinary name as it is', () => {
    expect(sanitizeFileName('Summer café 2026.jpg')).toBe('Summer café 2026.jpg');
  });

  it('drops folders and parent references of either slash', () => {
    expect(sanitizeFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFileName('..\\..\\windows\\win.ini')).toBe('win.ini');
    expect(sanitizeFileName('photos/../..')).toBe('photos');
  });

  it('removes control characters and bidi overrides', () => {
    expect(sanitizeFileName('evil\u0000name\r\n.jpg')).toBe('evilname.jpg');
    expect(sanitizeFileName('invoice\u202Egpj.exe')).toBe('invoicegpj.exe');
  });

  it('never answers an empty or hidden name', () => {
    expect(sanitizeFileName('')).toBe('upload');
    expect(sanitizeFileName(undefined)).toBe('upload');
    expect(sanitizeFileName('../')).toBe('upload');
    expect(sanitizeFileName('.htaccess')).toBe('htaccess');
  });

  it('cuts a long name to the limit and keeps its extension', () => {
    const cut = sanitizeFileName(`${'a'.repeat(300)}.mp4`);
    expect([...cut].length).toBe(MEDIA_NAME_MAX_LENGTH);
    expect(cut.endsWith('.mp4')).toBe(true);
  });

  it('counts characters, not UTF-16 units, so an emoji is never split', () => {
    const cut = sanitizeFileName(`${'😀'.repeat(300)}.png`);
    expect([...cut].length).toBe(MEDIA_NAME_MAX_LENGTH);
    expect(cut).toMatch(/^(😀)+\.png$/u);
  });
});
