/** SPEC.md "Privacy policy": last updated June 30, 2025, seven numbered sections. */
import { usePageMeta } from '../../../app/usePageMeta.ts';
import { PolicyDocument } from '../../../components/PolicyDocument.tsx';
import { PRIVACY_INTRO, PRIVACY_SECTIONS } from '../../../../common/privacy-policy.ts';

export default function PrivacyPolicyPage() {
  usePageMeta({
    title: 'Privacy Policy | Creator Platform',
    description: 'What personal data Creator Platform collects, how and why it is used, the one essential cookie, how long data is kept and how to reach us.',
  });
  return <PolicyDocument title="Privacy Policy" intro={PRIVACY_INTRO} sections={PRIVACY_SECTIONS} />;
}
