/** What other rooms use of server/mail/ (docs/architecture.md): its public surface. */
export { accountMail, type AccountMailSender } from './account-frame.ts';
export { actionMail, escapeHtml, type ActionMail, type MailContent, type MailList } from './action-mail.ts';
export { fromAddress, oneLine } from './addresses.ts';
export { MAIL_QUEUED_CHANNEL, enqueueMail } from './outbox.ts';
export { siteActionMail, siteSender, type MailBrand } from './site-mail.ts';
export { MAIL_SUBJECTS } from './subjects.ts';
export type { MailTemplates, RenderedMail, UserMail } from './template-registry.ts';
export { createDevSinkTransport, createSmtpTransport, type MailTransport, type OutgoingMail } from './transport.ts';
export { createMailWorker, isPermanentRejection } from './worker.ts';
