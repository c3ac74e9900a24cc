/**
 * The welcome mail: the creator's own words (settings, with a preview) to
 * each new member once their address is confirmed. A periodic job takes the
 * members due in one statement (an `email_welcomes` row per membership, so
 * each is welcomed at most once whatever server runs it) and sends them;
 * only memberships that began after the creator turned it on, never imported
 * ones, only addresses that can take mail (docs/decisions/094-welcome-mail.md);
 * a suspended site's new members wait until it is restored (docs/decisions/124).
 */
import { eq, sql } from 'drizzle-orm';
import { ENTITLING_STATUSES } from '../../common/memberships.ts';
import { memberships, sites } from '../../db/content-schema.ts';
import { emailDisabledMembers, emailWelcomes, siteEmailSettings } from '../../db/email-schema.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../errors.ts';
import type { ScheduledJob } from '../jobs/index.ts';
import { findSiteByOwner } from '../sites/index.ts';
import { loadMailSite } from './newsletter-content.ts';
import { newsletterMessage } from './newsletter-headers.ts';
import { renderWelcome, UNSUBSCRIBE_PLACEHOLDER, welcomeText } from './newsletter-render.ts';
import type { SiteMailDeps } from './site-mail-deps.ts';
import { rowsOf } from '../../db/transaction.ts';
import { siteIsOpen } from '../site-standing/index.ts';

export const WELCOME_TEXT_MAX_LENGTH = 5000;
/** Welcomes taken per run; the job runs again soon. */
const WELCOMES_PER_RUN = 200;

export interface WelcomeSettings {
  enabled: boolean;
  text: string;
  /** What members get while `text` is empty. */
  defaultText: string;
}

export interface WelcomeDeps extends SiteMailDeps {
  unsubscribeUrl: (handle: string, membershipId: string) => Promise<string>;
}

export function createWelcomeMail({ db, appUrl, mailFrom, transport, logger, unsubscribeUrl }: WelcomeDeps) {
  async function siteOf(ownerId: string) {
    const site = await findSiteByOwner(db, ownerId);
    if (!site) throw new AppError('site-required', 409);
    return site;
  }

  async function settingsOf(siteId: string) {
    const [row] = await db.select().from(siteEmailSettings).where(eq(siteEmailSettings.siteId, siteId));
    return row;
  }

  return {
    async settings(ownerId: string): Promise<WelcomeSettings> {
      const site = await siteOf(ownerId);
      const row = await settingsOf(site.id);
      return { enabled: Boolean(row?.welcomeSince), text: row?.welcomeText ?? '', defaultText: welcomeText(site, '') };
    },

    /** Turning it on starts from now: members who joined before are not welcomed after the fact. */
    async save(ownerId: string, input: { enabled: boolean; text: string }, now: Date): Promise<WelcomeSettings> {
      const site = await siteOf(ownerId);
      const current = await settingsOf(site.id);
      const welcomeSince = input.enabled ? (current?.welcomeSince ?? now) : null;
      await db
        .insert(siteEmailSettings)
        .values({ siteId: site.id, welcomeText: input.text, welcomeSince })
        .onConflictDoUpdate({ target: siteEmailSettings.siteId, set: { welcomeText: input.text, welcomeSince } });
      return { enabled: input.enabled, text: input.text, defaultText: welcomeText(site, '') };
    },

    async preview(ownerId: string, text: string): Promise<{ subject: string; html: string }> {
      const site = await siteOf(ownerId);
      const rendered = renderWelcome(await loadMailSite(db, appUrl, site), text);
      return { subject: rendered.subject, html: rendered.html.split(UNSUBSCRIBE_PLACEHOLDER).join('#') };
    },

    /** Takes the members due a welcome and sends it; answers how many went out. */
    async sendDue(): Promise<number> {
      const statuses = sql.join(
        ENTITLING_STATUSES.map((status) => sql`${status}`),
        sql`, `,
      );
      const taken = rowsOf<{ membershipId: string; email: string; siteId: string }>(
        await db.execute(sql`
          with due as (
            insert into ${emailWelcomes} (membership_id)
            select ${memberships.id} from ${memberships}
            join ${users} on ${users.id} = ${memberships.userId}
            join ${siteEmailSettings} on ${siteEmailSettings.siteId} = ${memberships.siteId}
            where ${siteEmailSettings.welcomeSince} is not null
              and ${memberships.createdAt} >= ${siteEmailSettings.welcomeSince}
              and ${memberships.source} <> 'import'
              and ${memberships.status} in (${statuses})
              and ${memberships.subscribedToEmails}
              and ${users.emailVerified}
              and not exists (select 1 from ${emailDisabledMembers} where ${emailDisabledMembers.membershipId} = ${memberships.id})
              and not exists (select 1 from ${emailWelcomes} w where w.membership_id = ${memberships.id})
              and ${siteIsOpen(memberships.siteId)}
            limit ${WELCOMES_PER_RUN}
            on conflict do nothing
            returning membership_id
          )
          select due.membership_id as "membershipId", ${users.email} as email, ${memberships.siteId} as "siteId"
          from due join ${memberships} on ${memberships.id} = due.membership_id join ${users} on ${users.id} = ${memberships.userId}`),
      );
      if (taken.length === 0) return 0;
      let sent = 0;
      for (const siteId of new Set(taken.map((row) => row.siteId))) {
        const [site] = await db.select().from(sites).where(eq(sites.id, siteId));
        const settings = await settingsOf(siteId);
        if (!site || !settings) continue;
        // Rendered once per site and run; only the unsubscribe link differs per member.
        const rendered = renderWelcome(await loadMailSite(db, appUrl, site), settings.welcomeText);
        for (const row of taken.filter((candidate) => candidate.siteId === siteId)) {
          try {
            await transport.send(newsletterMessage(rendered, row.email, await unsubscribeUrl(site.handle, row.membershipId), { siteTitle: site.title, mailFrom }));
            sent += 1;
          } catch (error) {
            // Taken is taken: a welcome is not worth a second mail if the first in fact arrived.
            logger.warn({ membershipId: row.membershipId, err: error instanceof Error ? error.message : String(error) }, 'welcome mail not sent');
          }
        }
      }
      return sent;
    },
  };
}

export type WelcomeMail = ReturnType<typeof createWelcomeMail>;

export const WELCOME_JOB = 'welcome-mail';

export function welcomeJob(welcome: Pick<WelcomeMail, 'sendDue'>): ScheduledJob {
  return { name: WELCOME_JOB, everyMs: 15_000, run: async () => ({ welcomed: await welcome.sendDue() }) };
}
