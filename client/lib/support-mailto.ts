/** The 'Contact Support' compose-mail link of the maintenance screen, with its subject and body filled in. */
export const SUPPORT_MAIL_SUBJECT = 'Question during scheduled maintenance';
export const SUPPORT_MAIL_BODY = 'Hello,\n\nI tried to use the platform during scheduled maintenance and need help with:\n\n';

export function supportMailto(address: string): string {
  const query = `subject=${encodeURIComponent(SUPPORT_MAIL_SUBJECT)}&body=${encodeURIComponent(SUPPORT_MAIL_BODY)}`;
  return `mailto:${address}?${query}`;
}
