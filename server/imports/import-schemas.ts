/** What `/api/imports` takes beside the file (common/api/imports.ts), checked at the boundary: the source by name, an http(s) address, a map of at most a few hundred plans. */
import { z } from 'zod';
import { IMPORT_SOURCES } from '../../common/api/imports.ts';

const invalid = { error: 'invalid-input' } as const;
/** A source's plans are a handful (Substack's prices, Patreon's tiers); a map this long is not a creator's. */
const TIER_MAP_MAX_ENTRIES = 200;

const httpAddress = z
  .string(invalid)
  .trim()
  .max(2000, invalid)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password;
    } catch {
      return false;
    }
  }, invalid);

export const importUploadSchema = z.object({
  source: z.enum(IMPORT_SOURCES, invalid),
  // An empty field from a form is no address.
  sourceUrl: z.preprocess((value) => (value === '' ? undefined : value), httpAddress.optional()),
});

export const importRunSchema = z.object({
  tierMap: z
    .record(z.string(invalid).min(1, invalid).max(300, invalid), z.string(invalid).max(100, invalid), invalid)
    .refine((map) => Object.keys(map).length <= TIER_MAP_MAX_ENTRIES, invalid)
    .optional(),
  invitePatrons: z.boolean(invalid).optional(),
});
