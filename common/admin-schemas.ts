/** The admin API's bodies (common/api/admin.ts), checked by the server at the boundary. */
import { z } from 'zod';
import { SUSPENSION_REASON_MAX_LENGTH } from './constants.ts';

export const maintenanceSwitchSchema = z.object({ maintenance: z.boolean() });

/** Why the operator suspends a site, shown to its creator in the studio; optional. */
export const siteSuspensionSchema = z.object({ reason: z.string().trim().max(SUSPENSION_REASON_MAX_LENGTH).default('') });
