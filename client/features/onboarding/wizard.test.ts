import { describe, expect, it } from 'vitest';
import { ONBOARDING_STEPS } from '../../../common/sites.ts';
import { resumeStep, WIZARD_STEPS } from './wizard.ts';

describe('resumeStep', () => {
  it('resumes on the saved step once the site exists', () => {
    expect(resumeStep(3, true)).toBe(3);
    expect(resumeStep(0, true)).toBe(1);
    expect(resumeStep(99, true)).toBe(ONBOARDING_STEPS);
  });

  it('starts at the handle while there is no site', () => {
    expect(resumeStep(4, false)).toBe(1);
  });

  it('names every step', () => {
    expect(WIZARD_STEPS).toHaveLength(ONBOARDING_STEPS);
  });
});
