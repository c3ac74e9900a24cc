/** The admin API's bodies (common/api/admin.ts), checked by the server at the boundary. */
import { z } from 'zod';

export const maintenanceSwitchSchema = z.object({ maintenance: z.boolean() });
