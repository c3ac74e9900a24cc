/** SPEC.md "Terms": last updated June 30, 2025, thirteen numbered sections, minimum age 13. */
import { usePageMeta } from '../../../app/usePageMeta.ts';
import { PolicyDocument } from '../../../components/PolicyDocument.tsx';
import { TERMS_INTRO, TERMS_SECTIONS } from '../../../../common/terms-conditions.ts';

export default function TermsConditionsPage() {
  usePageMeta({
    title: 'Terms & Conditions | Creator Platform',
    description: 'The terms for using Creator Platform: eligibility from age 13, accounts, conduct, subscriptions and payments, your content rights and more.',
  });
  return <PolicyDocument title="Terms & Conditions" intro={TERMS_INTRO} sections={TERMS_SECTIONS} />;
}
