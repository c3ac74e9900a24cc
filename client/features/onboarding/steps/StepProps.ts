/** What the wizard hands each step: the site so far, and how to move on once the step's own save worked. */
import type { SiteJson } from '../../../../common/api/sites.ts';

export interface StepProps {
  site: SiteJson | null;
  onSite: (site: SiteJson) => void;
  /** Saves the next step as the one to resume on and shows it. */
  onNext: () => Promise<void>;
  /** Undefined on the first step. */
  onBack: (() => void) | undefined;
}
