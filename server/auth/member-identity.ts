/**
 * A member's identity (docs/decisions/059): where an account lands when no page
 * asked for one, and a member starting a site of their own. A member belongs to
 * the creator's site they joined last; a creator (or the operator) to the studio.
 */
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { OTHER_NICHE } from '../../common/niches.ts';
import type { StartSiteData } from '../../common/validation.ts';
import type { Database } from '../../db/connect.ts';
import { memberships, sites } from '../../db/content-schema.ts';
import { domains } from '../../db/domain-schema.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../errors.ts';
import { recordAuthEvent, type RequestContext } from './audit.ts';
import type { UserRow } from './session.ts';

/** The studio's door: /onboarding moves a creator who has finished on to the overview. */
export const CREATOR_HOME = '/onboarding';
const SIGN_IN_VERIFIED = '/login?verified=1';

export function createMemberIdentityService({ db }: { db: Database }) {
  /** The site of the member's latest membership (any status: it is still the site they came from), or the platform's home. */
  async function latestSite(userId: string) {
    const [latest] = await db
      .select({ handle: sites.handle, domain: domains.hostname })
      .from(memberships)
      .innerJoin(sites, eq(memberships.siteId, sites.id))
      .leftJoin(domains, and(eq(domains.siteId, sites.id), eq(domains.status, 'active')))
      .where(and(eq(memberships.userId, userId), isNotNull(sites.publishedAt)))
      .orderBy(desc(memberships.createdAt), desc(memberships.id))
      .limit(1);
    return latest;
  }

  async function memberHome(userId: string): Promise<string> {
    const latest = await latestSite(userId);
    return latest ? `/@${latest.handle}` : '/';
  }

  /** Where an account goes after signing in with no page to return to. */
  async function landingFor(user: Pick<UserRow, 'id' | 'role'>): Promise<string> {
    return user.role === 'member' ? memberHome(user.id) : CREATOR_HOME;
  }

  /**
   * Where the mailed verification link goes: a member back to their site (by
   * way of the site's own sign-in page when the link is opened signed out, never
   * the platform's login screen: docs/decisions/153), a creator on to the
   * studio as before.
   */
  async function landingAfterVerification(userId: string, openedSignedIn: boolean): Promise<string> {
    const [user] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, userId));
    if (user?.role !== 'member') return openedSignedIn ? CREATOR_HOME : SIGN_IN_VERIFIED;
    const latest = await latestSite(user.id);
    // A site on its own domain: the member's session lives there, not on the platform, so the link goes straight back.
    if (latest?.domain) return `https://${latest.domain}/`;
    const home = latest ? `/@${latest.handle}` : '/';
    if (openedSignedIn) return home;
    return latest ? `${home}/sign-in?verified=1` : SIGN_IN_VERIFIED;
  }

  /**
   * A member becomes a creator: their niche is set and the wizard takes them
   * from there; their memberships stay. Only a `member` row changes, so an
   * operator or a creator is never demoted or touched (409).
   */
  async function startSite(user: UserRow, input: StartSiteData, context: RequestContext): Promise<UserRow> {
    if (!user.emailVerified) throw new AppError('email-not-verified', 403);
    const niche = input.niche === OTHER_NICHE ? input.customNiche! : input.niche;
    return db.transaction(async (tx) => {
      const [updated] = await tx
        .update(users)
        .set({ role: 'creator', niche })
        .where(and(eq(users.id, user.id), eq(users.role, 'member')))
        .returning();
      if (!updated) throw new AppError('already-creator', 409);
      await recordAuthEvent(tx, context, { type: 'role-changed', userId: user.id, email: user.email, detail: 'member -> creator: started a site' });
      return updated;
    });
  }

  return { landingFor, landingAfterVerification, startSite };
}

export type MemberIdentityService = ReturnType<typeof createMemberIdentityService>;
