/**
 * The input rule of PATCH /api/payments/key (common/api/payments.ts), checked by
 * the server at its boundary and by the studio's form. Only the shape: whether
 * the key works, and on which account, is Stripe's word (server/payments/own-key.ts).
 */
import { z } from 'zod';

// The studio's CSP forbids eval, which zod's JIT probes for as an object schema is made (common/validation.ts says more).
if (typeof document !== 'undefined') z.config({ jitless: true });

export const stripeKeySchema = z.object({ secretKey: z.string().trim().min(1).max(255) });
export type StripeKeyInput = z.infer<typeof stripeKeySchema>;
