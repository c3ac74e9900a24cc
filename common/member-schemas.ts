/**
 * The inputs of /api/members as zod schemas, for the server's boundary. Kept
 * apart from common/api/members.ts so the client bundle, which only needs the
 * types, does not build schemas (zod's JIT probes eval, which our CSP refuses).
 */
import { z } from 'zod';
import { IMPORT_FIELDS, IMPORT_MAX_BYTES, LABEL_MAX_LENGTH, MEMBER_FILTERS, MEMBER_SORTS, MEMBERS_MAX_PAGE_SIZE, MEMBERS_PAGE_SIZE, NOTE_MAX_LENGTH, REMOVE_STRIPE_CHOICES } from './api/members.ts';
import { MEMBERSHIP_SOURCES } from './memberships.ts';

export const membersQuerySchema = z.object({
  status: z.enum(MEMBER_FILTERS).optional(),
  tier: z.uuid().optional(),
  source: z.enum(MEMBERSHIP_SOURCES).optional(),
  q: z.string().trim().max(200).optional(),
  sort: z.enum(MEMBER_SORTS).default('joined'),
  order: z.enum(['asc', 'desc']).default('desc'),
  /** From a previous answer's `next` or `previous`. */
  cursor: z.string().max(500).optional(),
  /** 1-based; an alternative to the cursor for jumping (costs an OFFSET). */
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  limit: z.coerce.number().int().min(1).max(MEMBERS_MAX_PAGE_SIZE).default(MEMBERS_PAGE_SIZE),
});
export type MembersQueryInput = z.input<typeof membersQuerySchema>;
export type MembersQueryData = z.output<typeof membersQuerySchema>;

const label = z.string().trim().min(1).max(LABEL_MAX_LENGTH);

export const memberPatchSchema = z.object({
  note: z.string().max(NOTE_MAX_LENGTH).optional(),
  labels: z.array(label).max(50).optional(),
  subscribedToEmails: z.boolean().optional(),
  /** `false` clears a disabled address (the creator sorted it out with the member); it cannot be set by hand. */
  emailDisabled: z.literal(false).optional(),
});
export type MemberPatch = z.input<typeof memberPatchSchema>;

export const compSchema = z.object({
  tierId: z.uuid(),
  /** ISO date (YYYY-MM-DD, the comp ends at its start, UTC) or date-time; absent: indefinitely. */
  until: z.union([z.iso.date(), z.iso.datetime({ offset: true })]).optional(),
});
export type CompInput = z.input<typeof compSchema>;

export const removeSchema = z.object({ stripe: z.enum(REMOVE_STRIPE_CHOICES).default('at-period-end') });
export type RemoveInput = z.input<typeof removeSchema>;

export const importSchema = z.object({
  csv: z.string().min(1).max(IMPORT_MAX_BYTES),
  mapping: z.partialRecord(z.enum(IMPORT_FIELDS), z.string().max(200)).refine((mapping) => Boolean(mapping.email), { error: 'missing-email' }),
  dryRun: z.boolean().default(true),
});
export type ImportInput = z.input<typeof importSchema>;
