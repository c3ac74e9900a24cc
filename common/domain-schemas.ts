/**
 * The body of `POST /api/domains` (common/api/domains.ts). A pasted address is
 * cleaned to its host here, at the boundary, so the service sees the name the
 * creator meant (issue 29); whether that name can be a site's domain is the
 * service's check, whose refusal names the rule. The length allows a pasted
 * URL with a long path; the name itself is held to 253 later.
 */
import { z } from 'zod';
import { cleanHostnameInput } from './domains.ts';

export const addDomainSchema = z.object({ hostname: z.string().max(2048).transform(cleanHostnameInput) });
