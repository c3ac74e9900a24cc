/**
 * The one text of the terms and the privacy policy (terms-conditions.ts,
 * privacy-policy.ts) serves two frames: the platform's marketing pages
 * (client/features/marketing/) and each site's own copies at `/@{handle}/terms`
 * and `/@{handle}/privacy` (server/public-site/), which a fan reaches from a
 * join form and which must not name the platform (docs/decisions/153). Here is
 * the shape both read and the rewording the site's copy applies.
 */
import { PRODUCT_NAME } from './constants.ts';

export interface PolicySection {
  title: string;
  /** The section's paragraphs; `{email}` stands for the configured support address. */
  terms: readonly string[];
}

/** Where a paragraph names the configured support address. */
export const SUPPORT_EMAIL_TOKEN = '{email}';

/** Longest first: the intros' whole clauses, then "Creator Platform’s" before "Creator Platform". */
const NEUTRAL_WORDS: readonly (readonly [RegExp, string])[] = [
  [new RegExp(`${PRODUCT_NAME}’s website and creator tools`, 'g'), 'this site'],
  [new RegExp(`${PRODUCT_NAME} is self-hosted: the operator of this installation`, 'g'), 'The operator of this site'],
  [new RegExp(`${PRODUCT_NAME}’s`, 'g'), 'this site’s'],
  [new RegExp(PRODUCT_NAME, 'g'), 'this site'],
  [/the operator of this installation/g, 'the operator of this site'],
  [/The platform/g, 'This site'],
  [/the platform/g, 'this site'],
];

/** A paragraph of the policy as a site shows it: the platform named by neutral words ("this site", "the operator of this site"). */
export function siteWording(paragraph: string): string {
  return NEUTRAL_WORDS.reduce((words, [platform, neutral]) => words.replace(platform, neutral), paragraph);
}
