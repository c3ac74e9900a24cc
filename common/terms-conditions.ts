/** The Terms and Conditions (SPEC.md "Privacy policy and Terms"): last updated June 30, 2025, minimum age 13. */
import { MINIMUM_AGE } from './constants.ts';
import type { PolicySection } from './policy-text.ts';

export const TERMS_INTRO =
  'These Terms and Conditions govern your use of Creator Platform’s website and creator tools. Creator Platform is self-hosted: the operator of this installation (“we”, “us”) provides the service described here.';

export const TERMS_SECTIONS: readonly PolicySection[] = [
  {
    title: 'Acceptance of Terms',
    terms: [
      'By creating an account or using the platform, you agree to these Terms and to our Privacy Policy. If you do not agree, please do not use the platform.',
      'If you use the platform on behalf of a business, you confirm that you may bind that business to these Terms.',
    ],
  },
  {
    title: 'Eligibility',
    terms: [
      `You must be at least ${MINIMUM_AGE} years old to use the platform. If you are under the age of majority where you live, a parent or legal guardian must agree to these Terms for you.`,
      'Creators who publish content marked NSFW / 18+, and fans who view it, must be at least 18 years old, or older where local law requires.',
    ],
  },
  {
    title: 'Account Registration',
    terms: [
      'Give accurate information when you sign up and keep it up to date. You must verify your e-mail address before you can use the creator area.',
      'Keep your password secret: you are responsible for everything done with your account. Tell us at once at {email} if you think someone else has used it.',
      'You may not open a new account to get around a suspension.',
    ],
  },
  {
    title: 'User Conduct',
    terms: [
      'Do not use the platform to publish content that is illegal, infringes anyone’s rights or exploits minors; to harass, threaten or impersonate anyone; to send spam or malware; or to disrupt, overload or probe the service, including by getting around its rate limits.',
      'We may remove content or suspend accounts that break these rules.',
    ],
  },
  {
    title: 'Creator and Fan Responsibilities',
    terms: [
      'Creators are responsible for their content, their prices and what they promise subscribers, including delivering what each subscription tier describes and handling refunds under their own refund policy and consumer law.',
      'Creators must label adult content accurately and make it available to adults only.',
      'Fans get personal access to the content they subscribe to. Subscribing does not give you the right to copy, resell or redistribute it.',
    ],
  },
  {
    title: 'Subscriptions and Payments',
    terms: [
      'New creators get a 30-day free trial. After it, the platform costs a flat monthly fee from $19, depending on the plan you choose, billed in advance each month.',
      'We take a 0% cut of what fans pay creators. Payments between fans and creators go through the payment provider the creator connects, whose own fees and terms apply.',
      'You can cancel your plan at any time; it stays active until the end of the month you have paid for. Fees already paid are not refunded unless the law requires it.',
      'We will tell you at least 30 days before a price change takes effect.',
    ],
  },
  {
    title: 'Intellectual Property',
    terms: [
      'Creators keep all rights to what they upload. You give us only the licence needed to host, store and show your content to the audience you choose, and it ends when you delete the content or your account.',
      'The platform’s software, name and design belong to us or our licensors. Do not copy or reverse-engineer them except where the law allows.',
    ],
  },
  {
    title: 'Third-Party Services',
    terms: [
      'The platform works with services we do not control, such as Google sign-in, e-mail delivery, domain registrars and payment providers. Their terms apply to your use of them, and we are not responsible for their availability or conduct.',
    ],
  },
  {
    title: 'Termination',
    terms: [
      'You may stop using the platform and close your account at any time by writing to {email}.',
      'We may suspend or close an account that breaks these Terms, with notice where the law requires it and where it is safe to give. After a closure you can ask for an export of your content within 30 days.',
    ],
  },
  {
    title: 'Limitation of Liability',
    terms: [
      'The platform is provided “as is”. We work to keep it available 24/7 but cannot promise it will be free of interruptions or errors, for example during scheduled maintenance.',
      'As far as the law allows, we are not liable for indirect or consequential losses such as lost profits or lost data, and our total liability is limited to the fees you paid us in the 12 months before the claim. Nothing in these Terms limits liability that the law does not allow to be limited.',
    ],
  },
  {
    title: 'Governing Law',
    terms: [
      'These Terms are governed by the law of the country where the operator of this installation has its registered office, and its courts have jurisdiction. If you are a consumer, you keep the protection of the mandatory law of the country where you live.',
    ],
  },
  {
    title: 'Changes to These Terms',
    terms: [
      'We may update these Terms as the platform evolves. We will change the date at the top of this page and, for significant changes, e-mail registered creators at least 30 days before the changes take effect. Using the platform after that date means you accept the updated Terms.',
    ],
  },
  {
    title: 'Contact Us',
    terms: ['For questions about these Terms, write to {email}.'],
  },
];
