/**
 * Compose-mail links to the configured support address, with subject and body
 * filled in: the maintenance screen's 'Contact Support' and the contact page's card.
 */
export interface SupportMessage {
  subject: string;
  body: string;
}

export const MAINTENANCE_SUPPORT_MESSAGE: SupportMessage = {
  subject: 'Question during scheduled maintenance',
  body: 'Hello,\n\nI tried to use the platform during scheduled maintenance and need help with:\n\n',
};

export function supportMailto(address: string, message: SupportMessage): string {
  const query = `subject=${encodeURIComponent(message.subject)}&body=${encodeURIComponent(message.body)}`;
  return `mailto:${address}?${query}`;
}
