/**
 * POST /api/admin/backup: the archive of the running instance, for the CLI when the server
 * holds the embedded database (docs/decisions/071 and 128). Taken whole into a scratch file
 * first, so an answer that starts is a whole archive; then sent, and removed.
 */
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { Request, RequestHandler, Response } from 'express';
import type { BackupService } from './index.ts';

export function sendBackup(takeBackup: BackupService['takeForDownload']): RequestHandler {
  return async function sendBackupArchive(_req: Request, res: Response) {
    const backup = await takeBackup();
    try {
      res.status(200).set({
        'Content-Type': 'application/x-tar',
        'Content-Length': String(backup.bytes),
        'Content-Disposition': `attachment; filename="${backup.name}"`,
        'Cache-Control': 'no-store',
      });
      await pipeline(createReadStream(backup.file), res).catch((error: unknown) => {
        // The CLI went away mid-answer: nobody is left to tell, and the archive goes below.
        if (!res.destroyed) throw error;
      });
    } finally {
      await backup.discard();
    }
  };
}
