/**
 * The mail /support sends the operator: the creator's words and the account
 * details the operator needs to answer without asking (who, which site, since
 * when). Rendered at send time from the support_requests row (decision 020);
 * every value the creator typed is escaped in the HTML. It is the mail
 * registry's `support-request` (server/mail/template-registry.ts).
 */
import { eq } from 'drizzle-orm';
import { PRODUCT_NAME } from '../../common/constants.ts';
import type { Database } from '../../db/connect.ts';
import { sites } from '../../db/content-schema.ts';
import { supportRequests } from '../../db/reports-schema.ts';
import { users } from '../../db/schema.ts';
import { escapeHtml, type MailContent, type MailTemplates } from '../mail/index.ts';

export async function renderSupportRequest(db: Database, appUrl: URL, requestId: string | undefined): Promise<MailContent | undefined> {
  if (!requestId) return undefined;
  const [row] = await db
    .select({
      subject: supportRequests.subject,
      message: supportRequests.message,
      sentAt: supportRequests.createdAt,
      userId: users.id,
      name: users.fullName,
      email: users.email,
      role: users.role,
      since: users.createdAt,
      handle: sites.handle,
      title: sites.title,
    })
    .from(supportRequests)
    .innerJoin(users, eq(users.id, supportRequests.userId))
    .leftJoin(sites, eq(sites.ownerId, users.id))
    .where(eq(supportRequests.id, requestId));
  if (!row) return undefined;
  const details: [string, string][] = [
    ['Name', row.name],
    ['E-mail', row.email],
    ['Account id', row.userId],
    ['Role', row.role],
    ['Account since', row.since.toISOString()],
    ['Site', row.handle ? `${row.title} (${new URL(`/@${row.handle}`, appUrl).href})` : 'none yet'],
    ['Sent', row.sentAt.toISOString()],
  ];
  const subject = `[${PRODUCT_NAME} support] ${row.subject}`;
  const text = [`${row.name} <${row.email}> wrote from /support:`, '', row.message, '', '--', ...details.map(([label, value]) => `${label}: ${value}`)].join('\n');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:system-ui,sans-serif;color:#14122b">
<p>${escapeHtml(row.name)} &lt;${escapeHtml(row.email)}&gt; wrote from /support:</p>
<div style="white-space:pre-wrap;border-left:3px solid #5b3df5;padding-left:12px">${escapeHtml(row.message)}</div>
<table role="presentation" style="margin-top:24px;font-size:14px">${details.map(([label, value]) => `<tr><th align="left" style="padding-right:12px">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join('')}</table>
</body></html>`;
  return { subject, text, html };
}

/** To the operator, not to the user it names: rendered from the request alone. */
export function supportMailTemplates({ db, appUrl }: { db: Database; appUrl: URL }): Pick<MailTemplates, 'support-request'> {
  return { 'support-request': { to: 'operator', render: (row) => renderSupportRequest(db, appUrl, row.params.supportRequestId) } };
}
