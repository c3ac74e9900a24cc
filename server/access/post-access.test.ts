import { describe, expect, it } from 'vitest';
import { MEMBERSHIP_STATUSES, type MembershipStatus } from '../../common/memberships.ts';
import { POST_VISIBILITIES } from '../../common/posts.ts';
import { ANONYMOUS, postAccess, visibleMediaPlaces, type ReaderStanding } from './post-access.ts';

const member = (status: MembershipStatus, tierType: 'free' | 'paid' = 'free'): ReaderStanding => ({
  isOwner: false,
  membership: { status, tierId: 'tier-1', tierType },
});

describe('postAccess', () => {
  it('opens a public post to everyone', () => {
    expect(postAccess({ visibility: 'public' }, ANONYMOUS)).toBe('whole');
    expect(postAccess({ visibility: 'public' }, member('expired'))).toBe('whole');
  });

  it('opens every post to the site owner', () => {
    for (const visibility of POST_VISIBILITIES) expect(postAccess({ visibility }, { isOwner: true, membership: null })).toBe('whole');
  });

  it('opens a members post only to a member whose status entitles', () => {
    expect(postAccess({ visibility: 'members' }, ANONYMOUS)).toBe('preview');
    const entitling = new Set(['active', 'trialing', 'past_due', 'comped']);
    for (const status of MEMBERSHIP_STATUSES) {
      expect(postAccess({ visibility: 'members' }, member(status))).toBe(entitling.has(status) ? 'whole' : 'preview');
    }
  });

  it('keeps paid and tier posts to the owner until paid tiers exist', () => {
    expect(postAccess({ visibility: 'paid' }, member('active'))).toBe('preview');
    expect(postAccess({ visibility: 'paid' }, member('active', 'paid'))).toBe('preview');
    expect(postAccess({ visibility: 'tiers', tierIds: ['tier-1'] }, member('active'))).toBe('preview');
  });

  it('never lets a preview reader load gated media', () => {
    expect(visibleMediaPlaces('preview')).not.toContain('gated');
    expect(visibleMediaPlaces('whole')).toContain('gated');
  });
});
