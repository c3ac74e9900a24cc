/** The Privacy Policy (SPEC.md "Privacy policy and Terms"): last updated June 30, 2025, numbered sections. */
import type { PolicySection } from './policy-text.ts';

export const PRIVACY_INTRO =
  'This policy explains what personal data Creator Platform processes when you visit this site, create a creator account or subscribe to a creator, and the choices you have. Creator Platform is self-hosted: the operator of this installation (“we”, “us”) is responsible for the data it holds.';

export const PRIVACY_SECTIONS: readonly PolicySection[] = [
  {
    title: 'Information We Collect',
    terms: [
      'Account data: your full name, e-mail address, chosen niche and a hash of your password, never the password itself. If you log in with Google, we receive your name, your e-mail address and whether Google has verified it.',
      'Security data: the time of each sign-in, your browser’s user agent and your IP address, kept in an audit log so that we can detect abuse and protect your account.',
      'Creator content: the pages, uploads, subscription tiers, prices and messages you add to your site.',
      'We never see or store payment card numbers. Payments are handled by the payment provider you connect.',
    ],
  },
  {
    title: 'How We Collect Information',
    terms: [
      'Directly from you, when you sign up, complete your profile, upload content or write to support.',
      'Automatically, when your browser talks to our server: sign-in times, IP address and user agent are recorded with each session.',
      'From Google, only if you choose ‘Log in with Google’, and limited to your basic profile and e-mail address.',
    ],
  },
  {
    title: 'Legal Basis for Processing',
    terms: [
      'Contract: we process account and content data to provide the service you signed up for, including verification and password-reset e-mails.',
      'Legitimate interests: we keep security logs and limit repeated sign-in attempts to protect you and other users.',
      'Consent: we send marketing e-mails and run optional analytics only if you opt in. Both are off by default, and you can withdraw consent at any time.',
      'Legal obligation: we keep records where the law requires it, such as invoices for paid plans.',
    ],
  },
  {
    title: 'Third-Party Sites',
    terms: [
      'This site and creators’ sites may link to sites we do not operate, such as social networks or a creator’s payment provider. Their own privacy policies apply once you follow such a link, and we are not responsible for their practices.',
      'When you log in with Google, Google’s privacy policy governs the data Google processes.',
    ],
  },
  {
    title: 'Cookies',
    terms: [
      'We set one essential cookie that keeps you signed in. It holds a random session token, cannot be read by scripts, is sent only to this site and expires after 30 days or when you log out.',
      'We use no advertising or tracking cookies, so there is no cookie banner to click through. Optional analytics, if ever enabled, run only after you consent.',
    ],
  },
  {
    title: 'Security and Retention',
    terms: [
      'Passwords are stored only as argon2id hashes; session tokens and e-mail links only as SHA-256 hashes. Verification links expire after 24 hours and password-reset links after 60 minutes, and each works once. A password reset signs you out on every device.',
      'We keep your account data for as long as your account exists. When you ask us to delete your account, we delete your profile and content within 30 days, except records the law requires us to keep.',
    ],
  },
  {
    title: 'Contact Us',
    terms: [
      'To ask a question about this policy, or to access, correct, export or delete your data, write to {email}. We reply within 30 days.',
    ],
  },
];
