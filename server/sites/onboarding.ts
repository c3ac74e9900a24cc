/**
 * The onboarding wizard's progress on the user's row (SPEC.md profile fields
 * `onboardingStep` and `hasCompletedSetup`), and the niche from sign-up it lets
 * the creator change. Finishing publishes the site in the same transaction.
 */
import { eq } from 'drizzle-orm';
import { OTHER_NICHE } from '../../common/niches.ts';
import { ONBOARDING_STEPS } from '../../common/sites.ts';
import type { Database } from '../../db/connect.ts';
import { users } from '../../db/schema.ts';
import type { UserRow } from '../auth/index.ts';
import { AppError } from '../errors.ts';
import type { Site } from './site-lookup.ts';
import type { SitesService } from './sites-service.ts';

export interface ProfileFields {
  niche: string;
  customNiche?: string | undefined;
}

export function createOnboardingService({ db, sites }: { db: Database; sites: SitesService }) {
  async function updateUser(userId: string, fields: Partial<typeof users.$inferInsert>, tx: Database = db): Promise<UserRow> {
    const [updated] = await tx.update(users).set(fields).where(eq(users.id, userId)).returning();
    if (!updated) throw new AppError('unauthenticated', 401);
    return updated;
  }

  /** Kept as the creator moves either way, so a reload resumes on the step they were on. */
  function saveStep(userId: string, step: number): Promise<UserRow> {
    return updateUser(userId, { onboardingStep: step });
  }

  async function finish(userId: string): Promise<{ user: UserRow; site: Site }> {
    return db.transaction(async (tx) => {
      const site = await sites.publishSite(userId, tx);
      if (!site) throw new AppError('site-required', 409);
      const user = await updateUser(userId, { hasCompletedSetup: true, onboardingStep: ONBOARDING_STEPS }, tx);
      return { user, site };
    });
  }

  /** As at sign-up: a listed niche is kept by its value, 'other' by the creator's own words. */
  function updateProfile(userId: string, { niche, customNiche }: ProfileFields): Promise<UserRow> {
    return updateUser(userId, { niche: niche === OTHER_NICHE ? customNiche! : niche });
  }

  return { saveStep, finish, updateProfile };
}

export type OnboardingService = ReturnType<typeof createOnboardingService>;
