import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MEMBERSHIP_STATUSES, TIER_TYPES, type MembershipStatus, type TierType } from '../../common/memberships.ts';
import { POST_VISIBILITIES, type PostVisibility } from '../../common/posts.ts';
import { ANONYMOUS, isEntitled, postAccess, visibleMediaPlaces, type GatedPost, type ReaderMembership, type ReaderStanding } from './post-access.ts';

const NOW = new Date('2026-11-23T12:00:00Z');
const PAST = new Date('2026-11-22T12:00:00Z');
const FUTURE = new Date('2026-11-24T12:00:00Z');
const MY_TIER = 'tier-mine';
const OTHER_TIER = 'tier-other';

const reader = (membership: ReaderMembership | null): ReaderStanding => ({ isOwner: false, membership });

/** What the rule must answer, written out case by case rather than derived from the code under test. */
function expected(visibility: PostVisibility, status: MembershipStatus, tierType: TierType, pastDueAccess: boolean, compExpiresAt: Date | null, postTiers: readonly string[]) {
  if (visibility === 'public') return 'whole';
  const entitled =
    status === 'active' || status === 'trialing' || (status === 'past_due' && pastDueAccess) || (status === 'comped' && (compExpiresAt === null || compExpiresAt > NOW));
  if (!entitled) return 'preview';
  if (visibility === 'members') return 'whole';
  if (visibility === 'paid') return tierType === 'paid' ? 'whole' : 'preview';
  return postTiers.includes(MY_TIER) ? 'whole' : 'preview';
}

describe('postAccess, every visibility x status x tier type x past_due setting x comp expiry', () => {
  const cases = POST_VISIBILITIES.flatMap((visibility) =>
    MEMBERSHIP_STATUSES.flatMap((status) =>
      TIER_TYPES.flatMap((tierType) =>
        [true, false].flatMap((pastDueAccess) =>
          [null, PAST, FUTURE].flatMap((compExpiresAt) =>
            [[MY_TIER], [OTHER_TIER], [OTHER_TIER, MY_TIER], []].map((postTiers) => ({ visibility, status, tierType, pastDueAccess, compExpiresAt, postTiers })),
          ),
        ),
      ),
    ),
  );

  it.each(cases)('$visibility post, $status member of a $tierType tier (past_due access $pastDueAccess, comp until $compExpiresAt, post tiers $postTiers)', (row) => {
    const post: GatedPost = { visibility: row.visibility, tierIds: row.postTiers };
    const membership: ReaderMembership = { status: row.status, tierId: MY_TIER, tierType: row.tierType, compExpiresAt: row.compExpiresAt, pastDueAccess: row.pastDueAccess };
    expect(postAccess(post, reader(membership), NOW)).toBe(expected(row.visibility, row.status, row.tierType, row.pastDueAccess, row.compExpiresAt, row.postTiers));
  });

  it('covers each combination once', () => {
    expect(cases).toHaveLength(4 * 6 * 2 * 2 * 3 * 4);
  });
});

describe('postAccess, named cases', () => {
  const paidActive: ReaderMembership = { status: 'active', tierId: MY_TIER, tierType: 'paid', compExpiresAt: null, pastDueAccess: true };

  it('opens every post to the site owner', () => {
    for (const visibility of POST_VISIBILITIES) expect(postAccess({ visibility, tierIds: [] }, { isOwner: true, membership: null }, NOW)).toBe('whole');
  });

  it('keeps a paid post from a free member and opens it to a paying one', () => {
    expect(postAccess({ visibility: 'paid' }, reader({ ...paidActive, tierType: 'free' }), NOW)).toBe('preview');
    expect(postAccess({ visibility: 'paid' }, reader(paidActive), NOW)).toBe('whole');
  });

  it('opens a tiers post only to the tiers chosen, and to none when no tier is chosen', () => {
    expect(postAccess({ visibility: 'tiers', tierIds: [MY_TIER] }, reader(paidActive), NOW)).toBe('whole');
    expect(postAccess({ visibility: 'tiers', tierIds: [OTHER_TIER] }, reader(paidActive), NOW)).toBe('preview');
    expect(postAccess({ visibility: 'tiers' }, reader(paidActive), NOW)).toBe('preview');
  });

  it('ends a comp at its expiry, to the millisecond', () => {
    const comped = { ...paidActive, status: 'comped' as const, compExpiresAt: NOW };
    expect(isEntitled(comped, new Date(NOW.getTime() - 1))).toBe(true);
    expect(isEntitled(comped, NOW)).toBe(false);
  });

  it('follows the site setting for a payment being retried', () => {
    expect(postAccess({ visibility: 'paid' }, reader({ ...paidActive, status: 'past_due' }), NOW)).toBe('whole');
    expect(postAccess({ visibility: 'paid' }, reader({ ...paidActive, status: 'past_due', pastDueAccess: false }), NOW)).toBe('preview');
  });
});

describe('postAccess, properties', () => {
  const membershipArb = fc.option(
    fc.record({
      status: fc.constantFrom(...MEMBERSHIP_STATUSES),
      tierId: fc.constantFrom(MY_TIER, OTHER_TIER, 'tier-third'),
      tierType: fc.constantFrom(...TIER_TYPES),
      compExpiresAt: fc.option(fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true })),
      pastDueAccess: fc.boolean(),
    }),
  );
  const postArb = fc.record({
    visibility: fc.constantFrom(...POST_VISIBILITIES),
    tierIds: fc.uniqueArray(fc.constantFrom(MY_TIER, OTHER_TIER, 'tier-third')),
  });
  const nowArb = fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true });

  it('never gives a reader more than the owner gets', () => {
    fc.assert(
      fc.property(postArb, membershipArb, nowArb, (post, membership, now) => {
        return postAccess(post, reader(membership), now) === 'preview' || postAccess(post, { isOwner: true, membership: null }, now) === 'whole';
      }),
    );
  });

  it('always gives a public post whole', () => {
    fc.assert(fc.property(postArb, membershipArb, nowArb, (post, membership, now) => postAccess({ ...post, visibility: 'public' }, reader(membership), now) === 'whole'));
  });

  it('never gives a non-member a gated post whole', () => {
    const gated = postArb.filter((post) => post.visibility !== 'public');
    fc.assert(fc.property(gated, nowArb, (post, now) => postAccess(post, ANONYMOUS, now) === 'preview'));
  });

  it('never opens a gated post to a membership that has ended', () => {
    const ended = membershipArb.filter((membership) => membership !== null && (membership.status === 'canceled' || membership.status === 'expired'));
    const gated = postArb.filter((post) => post.visibility !== 'public');
    fc.assert(fc.property(gated, ended, nowArb, (post, membership, now) => postAccess(post, reader(membership), now) === 'preview'));
  });
});

describe('visibleMediaPlaces', () => {
  it('never lets a preview reader load gated media', () => {
    expect(visibleMediaPlaces('preview')).not.toContain('gated');
    expect(visibleMediaPlaces('whole')).toContain('gated');
  });
});
