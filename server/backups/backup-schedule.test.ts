import { describe, expect, it } from 'vitest';
import { pastTheNewest } from './backup-schedule.ts';
import { backupFileName } from './backup-source.ts';

describe('pastTheNewest', () => {
  const scheduled = ['2026-11-25T03:00:00Z', '2026-11-26T03:00:00Z', '2026-11-27T03:00:00Z', '2026-11-28T03:00:00Z'].map((at) => backupFileName(new Date(at), 'scheduled'));

  it('answers the scheduled backups older than the newest `keep`, whatever order they are listed in', () => {
    expect(pastTheNewest([...scheduled].reverse(), 2)).toEqual([scheduled[1], scheduled[0]]);
    expect(pastTheNewest(scheduled, 7)).toEqual([]);
  });

  it('never answers an operator\'s own backup or a file of another name', () => {
    const own = backupFileName(new Date('2026-11-01T00:00:00Z'), 'manual');
    expect(pastTheNewest([own, 'notes.txt', '.scheduled-backup-x.tar.1234.partial', ...scheduled], 1)).toEqual([scheduled[2], scheduled[1], scheduled[0]]);
  });
});
