import { describe, expect, it } from 'vitest';
import { gateWords } from './post-page.ts';

const site = { title: 'Harbour Sounds' };

describe('the call to join under a preview', () => {
  it('asks a visitor to join, or to pay for a paid post', () => {
    expect(gateWords(site, 'members', 'signed-out')).toEqual({
      heading: 'This post is for members',
      body: 'Join Harbour Sounds to read the rest of this post and everything members get.',
      action: 'Join',
    });
    expect(gateWords(site, 'paid', 'signed-in').heading).toBe('This post is for paying members');
    expect(gateWords(site, 'paid', 'signed-out').body).toBe('Become a paying member of Harbour Sounds to read the rest of this post.');
  });

  it('asks a free member to upgrade, and a member of other tiers to look at the ones that open it', () => {
    expect(gateWords(site, 'paid', 'member').body).toBe('Upgrade your membership of Harbour Sounds to read the rest of this post.');
    expect(gateWords(site, 'tiers', 'member')).toMatchObject({ heading: 'This post is for some memberships', action: 'See the memberships' });
  });

  it('tells a member whose membership ended that it ended, whatever the post', () => {
    for (const visibility of ['members', 'paid', 'tiers'] as const) {
      expect(gateWords(site, visibility, 'lapsed')).toEqual({ heading: 'Your membership has ended', body: 'Join Harbour Sounds again to read the rest of this post.', action: 'See the memberships' });
    }
  });
});
