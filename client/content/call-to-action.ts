/** The bottom call to action shared by the public pages (SPEC.md: links to privacy, terms and 'Get Started'). */

export const BOTTOM_CTA = {
  title: 'Ready to fully own your brand?',
  text: 'Start your 30-day free trial today. No revenue cut, no platform tax: just your name on your own site.',
  button: 'Get Started',
  legalPrefix: 'Read our',
  privacyLabel: 'Privacy Policy',
  termsLabel: 'Terms & Conditions',
};
