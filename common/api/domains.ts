/** The creator's custom domain (DESIGN.md "Your own domain"): one per site. */
import type { DomainPlatform, DomainView } from '../domains.ts';
import { endpoint } from './endpoint.ts';

/** `platform`: what APP_URL and DOMAIN_IPS mean for a custom domain, for the page to explain. */
export const getDomain = endpoint<undefined, undefined, { domain: DomainView | null; platform: DomainPlatform }>('GET', '/api/domains');
/** 201; 400 `invalid-domain` (the message says which rule); 409 `domain-taken` or `domain-exists`. */
export const addDomain = endpoint<{ hostname: string }, undefined, { domain: DomainView }>('POST', '/api/domains');
export const checkDomain = endpoint<undefined, undefined, { domain: DomainView }>('POST', '/api/domains/:id/check');
export const removeDomain = endpoint<undefined, undefined, void>('DELETE', '/api/domains/:id');
