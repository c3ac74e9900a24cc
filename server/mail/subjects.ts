/**
 * The subject an outbox row carries from the moment it is queued, one per
 * template the database knows (db/schema.ts MAIL_TEMPLATES): what the admin
 * page and the CLI show of a mail not sent yet. The mail itself is rendered
 * at send time by its feature's template (template-registry.ts), which may
 * say more.
 */
import { PRODUCT_NAME } from '../../common/constants.ts';
import type { MailTemplate } from '../../db/schema.ts';

export const MAIL_SUBJECTS: Record<MailTemplate, string> = {
  'verify-email': `Verify your email for ${PRODUCT_NAME}`,
  'reset-password': `Reset your ${PRODUCT_NAME} password`,
  'password-changed': `Your ${PRODUCT_NAME} password was changed`,
  'domain-live': 'Your domain is live',
  'domain-broken': 'Your domain needs your attention',
  'support-request': `${PRODUCT_NAME} support request`,
  'message-waiting': 'You have a message waiting',
  'messages-digest': 'Your unread messages today',
  'new-member': 'You have a new member',
  'new-members-digest': 'Your new members yesterday',
  'new-sale': 'You made a sale',
  'join-site': 'Confirm your e-mail to join',
  'site-sign-in': 'Your sign-in link',
  'patron-invitation': 'An invitation to subscribe',
  'confirm-email-change': `Confirm your new email for ${PRODUCT_NAME}`,
  'email-change-requested': `Your ${PRODUCT_NAME} email is being changed`,
  'email-change-taken': `Your ${PRODUCT_NAME} email was not changed`,
  'account-deletion-code': 'Your code to delete your account',
  'gift-received': 'You have been given a gift',
  'gift-receipt': 'Your gift receipt',
  'gift-ending': 'Your gift membership ends soon',
  'product-receipt': 'Your download',
};
