/**
 * The boot state the server writes into index.html (docs/decisions/008): read
 * synchronously at start-up so the first paint already knows maintenance and
 * the signed-in user. Anything malformed is ignored and the app asks the API.
 */
import { BOOT_STATE_ELEMENT_ID, type BootState, type PublicConfig, type PublicUser } from '../../common/api-types.ts';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isPublicUser(value: unknown): value is PublicUser {
  return isRecord(value) && typeof value.uid === 'string' && typeof value.email === 'string' && typeof value.emailVerified === 'boolean';
}

function isFooterLinks(value: unknown): boolean {
  return isRecord(value) && Object.values(value).every((link) => typeof link === 'string');
}

function isPublicConfig(value: unknown): value is PublicConfig {
  return isRecord(value) && typeof value.supportEmail === 'string' && typeof value.googleSignIn === 'boolean' && isFooterLinks(value.footerLinks);
}

export function parseBootState(text: string | null | undefined): BootState | undefined {
  if (!text) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isRecord(value) || typeof value.maintenance !== 'boolean' || !isPublicConfig(value.config)) return undefined;
  if (value.user !== null && !isPublicUser(value.user)) return undefined;
  return { maintenance: value.maintenance, user: value.user, config: value.config };
}

export function readBootState(doc: Document): BootState | undefined {
  return parseBootState(doc.getElementById(BOOT_STATE_ELEMENT_ID)?.textContent);
}
