/**
 * The creator's notices of new members and new paying members (issue 18
 * item 5, docs/decisions/106), and of sales, which follow the choice for
 * paying members (issue 31, docs/decisions/167): for each kind, a mail each
 * time, a daily digest, or nothing. The news is written where it happens (a free join, a
 * paid join's webhook), in that transaction, by `noteNewMember`; an import
 * never calls it. A notice each time is queued in the outbox (server/mail) in
 * that same transaction; the digest is a periodic job of the shared scheduler
 * that takes one `member_notice_digests` row per site and UTC day before it
 * queues the mail, so a rerun or a second server queues nothing more. Both
 * mails are rendered when they are sent, from the rows as they are then.
 * Not newsletters: a room of its own, so memberships (which calls
 * `noteNewMember`) and newsletters (which unsubscribes through memberships)
 * meet no cycle (docs/decisions/134).
 */
export { noteNewMember, type NewMemberNews, type NoteNewMember } from './note-new-member.ts';
export { noteSale } from './note-sale.ts';
export { createMemberNotices, membersDigestJob, type MemberNotices } from './member-notices-service.ts';
export { memberNoticeTemplates } from './member-notice-mail.ts';
export { memberNoticesRoutes } from './member-notices-routes.ts';
