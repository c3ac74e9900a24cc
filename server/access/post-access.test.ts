import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MEMBERSHIP_SOURCES, MEMBERSHIP_STATUSES, TIER_TYPES, type MembershipSource, type MembershipStatus, type TierType } from '../../common/memberships.ts';
import { POST_VISIBILITIES, type PostVisibility } from '../../common/posts.ts';
import { ANONYMOUS, effectiveVisibility, isEntitled, postAccess, visibleMediaPlaces, waitsForEmail, type GatedPost, type ReaderMembership, type ReaderStanding } from './post-access.ts';

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
    const post: GatedPost = { visibility: row.visibility, tierIds: row.postTiers, hasGatedPart: false };
    const membership: ReaderMembership = {
      status: row.status,
      tierId: MY_TIER,
      tierType: row.tierType,
      compExpiresAt: row.compExpiresAt,
      pastDueAccess: row.pastDueAccess,
      source: row.tierType === 'paid' ? 'stripe' : 'free',
      emailVerified: true,
    };
    expect(postAccess(post, reader(membership), NOW)).toBe(expected(row.visibility, row.status, row.tierType, row.pastDueAccess, row.compExpiresAt, row.postTiers));
  });

  it('covers each combination once', () => {
    expect(cases).toHaveLength(4 * 6 * 2 * 2 * 3 * 4);
  });
});

describe('postAccess, named cases', () => {
  const paidActive: ReaderMembership = { status: 'active', tierId: MY_TIER, tierType: 'paid', compExpiresAt: null, pastDueAccess: true, source: 'stripe', emailVerified: true };

  it('opens every post to the site owner', () => {
    for (const visibility of POST_VISIBILITIES) expect(postAccess({ visibility, tierIds: [], hasGatedPart: true }, { isOwner: true, membership: null }, NOW)).toBe('whole');
  });

  it('keeps a paid post from a free member and opens it to a paying one', () => {
    expect(postAccess({ visibility: 'paid', hasGatedPart: true }, reader({ ...paidActive, tierType: 'free' }), NOW)).toBe('preview');
    expect(postAccess({ visibility: 'paid', hasGatedPart: true }, reader(paidActive), NOW)).toBe('whole');
  });

  it('opens a tiers post only to the tiers chosen, and to none when no tier is chosen', () => {
    expect(postAccess({ visibility: 'tiers', tierIds: [MY_TIER], hasGatedPart: true }, reader(paidActive), NOW)).toBe('whole');
    expect(postAccess({ visibility: 'tiers', tierIds: [OTHER_TIER], hasGatedPart: true }, reader(paidActive), NOW)).toBe('preview');
    expect(postAccess({ visibility: 'tiers', hasGatedPart: true }, reader(paidActive), NOW)).toBe('preview');
  });

  it('ends a comp at its expiry, to the millisecond', () => {
    const comped = { ...paidActive, status: 'comped' as const, compExpiresAt: NOW };
    expect(isEntitled(comped, new Date(NOW.getTime() - 1))).toBe(true);
    expect(isEntitled(comped, NOW)).toBe(false);
  });

  it('follows the site setting for a payment being retried', () => {
    expect(postAccess({ visibility: 'paid', hasGatedPart: true }, reader({ ...paidActive, status: 'past_due' }), NOW)).toBe('whole');
    expect(postAccess({ visibility: 'paid', hasGatedPart: true }, reader({ ...paidActive, status: 'past_due', pastDueAccess: false }), NOW)).toBe('preview');
  });
});

describe('postAccess, a public post with a members-only part (issue 15 item 3)', () => {
  const member = (tierType: TierType, status: MembershipStatus = 'active'): ReaderMembership => ({
    status,
    tierId: MY_TIER,
    tierType,
    compExpiresAt: null,
    pastDueAccess: true,
    source: tierType === 'paid' ? 'stripe' : 'free',
    emailVerified: true,
  });
  const marked: GatedPost = { visibility: 'public', hasGatedPart: true };

  it('is read as a members post', () => {
    expect(effectiveVisibility(marked)).toBe('members');
    expect(effectiveVisibility({ visibility: 'public', hasGatedPart: false })).toBe('public');
    for (const visibility of ['members', 'paid', 'tiers'] as const) expect(effectiveVisibility({ visibility, hasGatedPart: true })).toBe(visibility);
  });

  it.each([
    ['an anonymous reader', ANONYMOUS, 'preview'],
    ['a signed-in reader who is not a member', { isOwner: false, membership: null }, 'preview'],
    ['a free member', reader(member('free')), 'whole'],
    ['a paying member', reader(member('paid')), 'whole'],
    ['a member whose membership ended', reader(member('free', 'canceled')), 'preview'],
    ['the owner', { isOwner: true, membership: null }, 'whole'],
  ] as const)('gives %s the %s', (_who, standing, access) => {
    expect(postAccess(marked, standing, NOW)).toBe(access);
  });
});

describe('postAccess, a member who has not confirmed their e-mail (issue 15 item 6)', () => {
  /** What the rule must answer, written out: nothing gated opens before the e-mail is confirmed, unless the member pays through Stripe. */
  function expectedUnconfirmed(visibility: Exclude<PostVisibility, 'public'>, tierType: TierType, source: MembershipSource, emailVerified: boolean) {
    if (!emailVerified && source !== 'stripe') return 'preview';
    if (visibility === 'paid') return tierType === 'paid' ? 'whole' : 'preview';
    return 'whole';
  }

  const cases = POST_VISIBILITIES.flatMap((visibility) =>
    TIER_TYPES.flatMap((tierType) =>
      MEMBERSHIP_SOURCES.flatMap((source) => [true, false].map((emailVerified) => ({ visibility, tierType, source, emailVerified }))),
    ),
  );

  it.each(cases)('$visibility post, active $source member of a $tierType tier, e-mail confirmed $emailVerified', (row) => {
    const membership: ReaderMembership = { status: 'active', tierId: MY_TIER, tierType: row.tierType, compExpiresAt: null, pastDueAccess: true, source: row.source, emailVerified: row.emailVerified };
    const post: GatedPost = { visibility: row.visibility, tierIds: [MY_TIER], hasGatedPart: true };
    // Every post here has a members-only part, so a public one reads as a members post.
    const readAs = row.visibility === 'public' ? 'members' : row.visibility;
    expect(postAccess(post, reader(membership), NOW)).toBe(expectedUnconfirmed(readAs, row.tierType, row.source, row.emailVerified));
  });

  it('asks for the e-mail only where confirming it is all that is missing', () => {
    const free: ReaderMembership = { status: 'active', tierId: MY_TIER, tierType: 'free', compExpiresAt: null, pastDueAccess: true, source: 'free', emailVerified: false };
    expect(waitsForEmail({ visibility: 'members', hasGatedPart: true }, reader(free), NOW)).toBe(true);
    expect(waitsForEmail({ visibility: 'public', hasGatedPart: true }, reader(free), NOW)).toBe(true);
    expect(waitsForEmail({ visibility: 'paid', hasGatedPart: true }, reader(free), NOW)).toBe(false);
    expect(waitsForEmail({ visibility: 'public', hasGatedPart: false }, reader(free), NOW)).toBe(false);
    expect(waitsForEmail({ visibility: 'members', hasGatedPart: true }, reader({ ...free, status: 'canceled' }), NOW)).toBe(false);
    expect(waitsForEmail({ visibility: 'members', hasGatedPart: true }, reader({ ...free, emailVerified: true }), NOW)).toBe(false);
    expect(waitsForEmail({ visibility: 'members', hasGatedPart: true }, ANONYMOUS, NOW)).toBe(false);
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
      source: fc.constantFrom(...MEMBERSHIP_SOURCES),
      emailVerified: fc.boolean(),
    }),
  );
  const postArb = fc.record({
    visibility: fc.constantFrom(...POST_VISIBILITIES),
    tierIds: fc.uniqueArray(fc.constantFrom(MY_TIER, OTHER_TIER, 'tier-third')),
    hasGatedPart: fc.boolean(),
  });
  const nowArb = fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true });

  it('never gives a reader more than the owner gets', () => {
    fc.assert(
      fc.property(postArb, membershipArb, nowArb, (post, membership, now) => {
        return postAccess(post, reader(membership), now) === 'preview' || postAccess(post, { isOwner: true, membership: null }, now) === 'whole';
      }),
    );
  });

  it('always gives a public post with nothing behind the marker whole', () => {
    fc.assert(
      fc.property(postArb, membershipArb, nowArb, (post, membership, now) => postAccess({ ...post, visibility: 'public', hasGatedPart: false }, reader(membership), now) === 'whole'),
    );
  });

  it('never gives a non-member a gated post whole, nor a public one with a members-only part', () => {
    const gated = postArb.filter((post) => post.visibility !== 'public' || post.hasGatedPart);
    fc.assert(fc.property(gated, nowArb, (post, now) => postAccess(post, ANONYMOUS, now) === 'preview'));
  });

  it('never opens a gated post to a free member before they confirm their e-mail', () => {
    const unconfirmed = membershipArb.filter((membership) => membership !== null && !membership.emailVerified && membership.source !== 'stripe');
    const gated = postArb.filter((post) => post.visibility !== 'public' || post.hasGatedPart);
    fc.assert(fc.property(gated, unconfirmed, nowArb, (post, membership, now) => postAccess(post, reader(membership), now) === 'preview'));
  });

  it('never opens a gated post to a membership that has ended', () => {
    const ended = membershipArb.filter((membership) => membership !== null && (membership.status === 'canceled' || membership.status === 'expired'));
    const gated = postArb.filter((post) => post.visibility !== 'public' || post.hasGatedPart);
    fc.assert(fc.property(gated, ended, nowArb, (post, membership, now) => postAccess(post, reader(membership), now) === 'preview'));
  });
});

describe('visibleMediaPlaces', () => {
  it('never lets a preview reader load gated media', () => {
    expect(visibleMediaPlaces('preview')).not.toContain('gated');
    expect(visibleMediaPlaces('whole')).toContain('gated');
  });
});
