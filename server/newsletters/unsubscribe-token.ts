/**
 * The signed token of a member's unsubscribe link: the membership id and an
 * HMAC of it under a key derived from the installation's media URL secret
 * with its own label, so a media signature never passes for an unsubscribe
 * token. Nothing is stored: the link must keep working in an old mail, and it
 * can only ever turn newsletters off for the one membership it names
 * (docs/decisions/092-one-click-unsubscribe.md).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const LABEL = 'newsletter-unsubscribe';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface UnsubscribeTokens {
  issue(membershipId: string): string;
  /** The membership the token names, or undefined when it is not ours. */
  verify(token: string): string | undefined;
}

export function createUnsubscribeTokens(secret: string): UnsubscribeTokens {
  const key = createHmac('sha256', secret).update(LABEL).digest();
  const sign = (membershipId: string) => createHmac('sha256', key).update(membershipId).digest('base64url');
  return {
    issue: (membershipId) => `${membershipId}.${sign(membershipId)}`,
    verify(token) {
      const [membershipId, signature, ...rest] = token.split('.');
      if (!membershipId || !signature || rest.length > 0 || !UUID.test(membershipId)) return undefined;
      const expected = Buffer.from(sign(membershipId));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given) ? membershipId : undefined;
    },
  };
}
