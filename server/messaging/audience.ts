/**
 * Who may write to a creator or comment on their posts: the creator's setting
 * (`off`, `members`, `paid`) read through the one access rule
 * (server/access/post-access.ts), as if the member asked to read a members or
 * a paid post whole. So a lapsed membership, a comp that ran out or an e-mail
 * not yet confirmed close messages and comments exactly as they close posts.
 */
import type { Audience } from '../../common/messaging.ts';
import { postAccess, type ReaderStanding } from '../access/index.ts';

/** Why a reader may not take part; undefined: they may. */
export type Refusal = 'off' | 'blocked' | 'not-member' | 'not-paid' | 'owner';

export function refusalFor(audience: Audience, standing: ReaderStanding, blocked: boolean, now: Date): Refusal | undefined {
  if (standing.isOwner) return 'owner';
  if (audience === 'off') return 'off';
  if (blocked) return 'blocked';
  const asMember = postAccess({ visibility: 'members', hasGatedPart: false }, standing, now) === 'whole';
  if (!asMember) return 'not-member';
  if (audience === 'paid' && postAccess({ visibility: 'paid', hasGatedPart: false }, standing, now) !== 'whole') return 'not-paid';
  return undefined;
}
