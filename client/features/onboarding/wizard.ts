/** The onboarding wizard's steps, in order; `users.onboarding_step` keeps the number of the one shown (1 to 5). */
import { ONBOARDING_STEPS } from '../../../common/sites.ts';

export const WIZARD_STEPS = ['Your handle', 'Title and tagline', 'Avatar and banner', 'Brand colour', 'Your niche'] as const;

/** The step to show: the saved one, but never past the handle while there is no site (every later step edits it). */
export function resumeStep(savedStep: number, hasSite: boolean): number {
  if (!hasSite) return 1;
  return Math.min(Math.max(savedStep, 1), ONBOARDING_STEPS);
}
