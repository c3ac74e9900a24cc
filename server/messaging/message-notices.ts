/**
 * E-mail notices of unread messages (docs/decisions/098): never one per
 * message. A scheduled job (one server per period, server/jobs/scheduler.ts)
 * looks for messages still unread a few minutes after they came and not yet
 * noticed, and queues one mail per conversation and reader in the outbox, in
 * the transaction that marks them noticed, so a message is mailed about once.
 * The notice covers every unread message of that conversation and reader,
 * however recent, and says how many there are: messages in a row make one
 * notice, not one per message, each a few minutes after its own (issue 27,
 * docs/decisions/131).
 * A creator who chose the daily digest gets one mail a day for all their
 * conversations; one who turned notices off gets none. The mail is rendered
 * when it is sent (docs/decisions/020), by the templates this file adds to
 * the mail registry (server/mail/template-registry.ts): a message read
 * meanwhile cancels it.
 */
import { and, desc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { sites } from '../../db/content-schema.ts';
import { conversations, messages } from '../../db/messaging-schema.ts';
import { mailOutbox, users, type MailParams } from '../../db/schema.ts';
import { actionMail, MAIL_QUEUED_CHANNEL, MAIL_SUBJECTS, siteActionMail, siteSender, type MailBrand, type MailContent, type MailTemplates, type RenderedMail } from '../mail/index.ts';
import { loadMailBrand } from '../sites/index.ts';
import type { Clock } from '../clock.ts';
import type { ScheduledJob } from '../jobs/index.ts';
import { isSiteSuspended } from '../site-standing/index.ts';

export const MESSAGE_NOTICES_JOB = 'message-notices';
export const MESSAGE_DIGEST_JOB = 'message-digest';
const NOTICES_EVERY_MS = 60_000;
const DIGEST_EVERY_MS = 24 * 60 * 60 * 1000;
/** What a notice quotes of the message: enough to know whether to answer now. */
const QUOTE_CHARS = 300;

interface Due {
  conversationId: string;
  siteId: string;
  sender: (typeof messages.$inferSelect)['sender'];
  /** Who the mail goes to: the site's owner for members' messages, the member for the creator's. */
  recipientId: string;
}

export function createMessageNotices({ db, clock, delaySeconds }: { db: Database; clock: Clock; delaySeconds: number }) {
  async function queue(tx: Database, recipientId: string, template: 'message-waiting' | 'messages-digest', params: Omit<MailParams, 'userId'>, now: Date) {
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, recipientId));
    if (!user) return;
    await tx.insert(mailOutbox).values({ recipient: user.email, subject: MAIL_SUBJECTS[template], template, params: { userId: recipientId, ...params }, createdAt: now, nextAttemptAt: now });
  }

  /** Messages unread for `delaySeconds` at `asOf` (now; tests look ahead) and not yet noticed, one notice per conversation and reader for all its unread messages. */
  async function sendDue(asOf = clock()): Promise<number> {
    const now = clock();
    const before = new Date(asOf.getTime() - delaySeconds * 1000);
    return db.transaction(async (tx) => {
      const due = await tx
        .selectDistinct({
          conversationId: messages.conversationId,
          siteId: messages.siteId,
          sender: messages.sender,
          recipientId: sql<string | null>`case when ${messages.sender} = 'member' then ${sites.ownerId} else ${conversations.memberId} end`,
        })
        .from(messages)
        .innerJoin(conversations, eq(conversations.id, messages.conversationId))
        .innerJoin(sites, eq(sites.id, messages.siteId))
        .where(
          and(
            isNull(messages.readAt),
            isNull(messages.noticedAt),
            lte(messages.createdAt, before),
            // The creator's own choice governs mail to the creator; a member always hears of a reply.
            sql`(${messages.sender} = 'creator' or ${sites.messageNotices} = 'soon')`,
          ),
        );
      const mails = due.filter((row): row is Due => row.recipientId !== null);
      for (const row of mails) await queue(tx, row.recipientId, 'message-waiting', { siteId: row.siteId, conversationId: row.conversationId }, now);
      if (due.length) {
        // The newer messages of a due conversation and sender share its notice; marked now, they start no notice of their own.
        const noticed = due.map((row) => and(eq(messages.conversationId, row.conversationId), eq(messages.sender, row.sender)));
        await tx
          .update(messages)
          .set({ noticedAt: now })
          .where(and(isNull(messages.readAt), isNull(messages.noticedAt), or(...noticed)));
      }
      if (mails.length) await tx.execute(sql`select pg_notify(${MAIL_QUEUED_CHANNEL}, '')`);
      return mails.length;
    });
  }

  /** One mail a day to each creator on the digest with unread messages not yet noticed. */
  async function sendDigests(): Promise<number> {
    const now = clock();
    return db.transaction(async (tx) => {
      const due = await tx
        .selectDistinct({ siteId: sites.id, ownerId: sites.ownerId })
        .from(messages)
        .innerJoin(sites, eq(sites.id, messages.siteId))
        .where(and(eq(sites.messageNotices, 'daily'), eq(messages.sender, 'member'), isNull(messages.readAt), isNull(messages.noticedAt)));
      for (const row of due) {
        await queue(tx, row.ownerId, 'messages-digest', { siteId: row.siteId }, now);
        await tx
          .update(messages)
          .set({ noticedAt: now })
          .where(and(eq(messages.siteId, row.siteId), eq(messages.sender, 'member'), isNull(messages.readAt), isNull(messages.noticedAt)));
      }
      if (due.length) await tx.execute(sql`select pg_notify(${MAIL_QUEUED_CHANNEL}, '')`);
      return due.length;
    });
  }

  return {
    sendDue,
    sendDigests,
    jobs: (): ScheduledJob[] => [
      { name: MESSAGE_NOTICES_JOB, everyMs: NOTICES_EVERY_MS, run: async () => ({ queued: await sendDue() }) },
      { name: MESSAGE_DIGEST_JOB, everyMs: DIGEST_EVERY_MS, run: async () => ({ queued: await sendDigests() }) },
    ],
  };
}

export type MessageNotices = ReturnType<typeof createMessageNotices>;

/** Unread messages of one conversation: how many, the latest quoted as text (escaped in the HTML like every value), with the way to the thread. */
/** To a member, `site` frames it in the site's brand (a reply of the creator is the site's mail); to the creator, the platform's. */
export function messageWaitingMail(name: string | undefined, from: string, quote: string, link: string, unread = 1, site?: MailBrand): MailContent {
  const subject = unread === 1 ? `${from} sent you a message` : `${from} sent you ${unread} messages`;
  const mail = {
    greetingName: name,
    intro: unread === 1 ? `${from} wrote: “${quote}”` : `You have ${unread} unread messages from ${from}. The latest: “${quote}”`,
    actionLabel: 'Read and reply',
    actionUrl: link,
    outro: 'We send one notice for unread messages, not one per message. Read them and the notices stop.',
  };
  return site ? siteActionMail(subject, site, mail) : actionMail(subject, mail);
}

export function messageDigestMail(name: string | undefined, unread: number, conversations: number, link: string): MailContent {
  const messages = unread === 1 ? 'one unread message' : `${unread} unread messages`;
  const across = conversations === 1 ? '' : ` in ${conversations} conversations`;
  return actionMail(MAIL_SUBJECTS['messages-digest'], {
    greetingName: name,
    intro: `You have ${messages}${across} from your members.`,
    actionLabel: 'Open your inbox',
    actionUrl: link,
    outro: 'You get this once a day because you chose the daily digest. Change it under Messages in your studio.',
  });
}

/**
 * The mail, at send time: undefined when nothing is unread any more (the
 * reader caught up before the mail's turn came).
 */
export async function renderMessageNotice(db: Database, appUrl: URL, template: 'message-waiting' | 'messages-digest', params: MailParams, name: string | undefined, mailFrom: string): Promise<RenderedMail | undefined> {
  const [site] = await db.select({ handle: sites.handle, title: sites.title, ownerId: sites.ownerId }).from(sites).where(eq(sites.id, params.siteId ?? ''));
  if (!site) return undefined;
  if (template === 'messages-digest') {
    const [row] = await db
      .select({ unread: sql<number>`count(*)::int`, conversations: sql<number>`count(distinct ${messages.conversationId})::int` })
      .from(messages)
      .where(and(eq(messages.siteId, params.siteId!), eq(messages.sender, 'member'), isNull(messages.readAt)));
    if (!row?.unread) return undefined;
    return messageDigestMail(name, row.unread, row.conversations, new URL('/messages', appUrl).href);
  }
  const toCreator = params.userId === site.ownerId;
  // A suspended site mails its members nothing, a reply's notice included (docs/decisions/124).
  if (!toCreator && (await isSiteSuspended(db, params.siteId!))) return undefined;
  const [latest] = await db
    // Counted before the limit: how many are unread, beside the latest one's text.
    .select({ body: messages.body, name: users.fullName, unread: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .leftJoin(users, eq(users.id, conversations.memberId))
    .where(and(eq(messages.conversationId, params.conversationId ?? ''), eq(messages.sender, toCreator ? 'member' : 'creator'), isNull(messages.readAt)))
    .orderBy(desc(messages.id))
    .limit(1);
  if (!latest) return undefined;
  const quote = latest.body.length > QUOTE_CHARS ? `${latest.body.slice(0, QUOTE_CHARS - 1)}…` : latest.body;
  const link = toCreator ? new URL(`/messages?c=${params.conversationId}`, appUrl).href : new URL(`/@${site.handle}/account#messages`, appUrl).href;
  if (toCreator) return messageWaitingMail(name, latest.name ?? 'A member', quote, link, latest.unread);
  // To a member: the site's mail, from the site's name (docs/decisions/142).
  const brand = await loadMailBrand(db, appUrl, params.siteId!);
  if (!brand) return undefined;
  return { ...messageWaitingMail(name, site.title, quote, link, latest.unread, brand), from: siteSender(brand, mailFrom) };
}

export function messageNoticeTemplates({ db, appUrl, mailFrom }: { db: Database; appUrl: URL; mailFrom: string }): Pick<MailTemplates, 'message-waiting' | 'messages-digest'> {
  return {
    'message-waiting': { to: 'user', render: ({ row, name }) => renderMessageNotice(db, appUrl, 'message-waiting', row.params, name, mailFrom) },
    'messages-digest': { to: 'user', render: ({ row, name }) => renderMessageNotice(db, appUrl, 'messages-digest', row.params, name, mailFrom) },
  };
}
