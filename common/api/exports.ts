/**
 * /api/exports (DESIGN.md "Release 4" > "Move in, move out"): one zip of the
 * whole site in a documented, versioned format (docs/export-format.md), made in
 * the queue and downloaded by a signed link for the creator only.
 */
import { endpoint } from './endpoint.ts';

export const EXPORT_STATUSES = ['queued', 'running', 'ready', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

export interface ExportView {
  id: string;
  status: ExportStatus;
  /** ISO. */
  createdAt: string;
  finishedAt: string | null;
  /** When ready: a signed link, good for a short while and only with the creator's session. */
  url?: string;
  bytes?: number;
  failure?: string | null;
}

export const createExport = endpoint<undefined, undefined, { export: ExportView }>('POST', '/api/exports');
export const listExports = endpoint<undefined, undefined, { exports: ExportView[] }>('GET', '/api/exports');
export const getExport = endpoint<undefined, undefined, { export: ExportView }>('GET', '/api/exports/:id');
