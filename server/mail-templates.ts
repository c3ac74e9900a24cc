/**
 * The mail worker's template registry (server/mail/template-registry.ts),
 * built from each feature's own templates: mail knows a template by its name
 * and imports no feature; a template left out here does not compile
 * (docs/decisions/134).
 */
import { deletionCodeMailTemplate } from './account-deletion/index.ts';
import { accountMailSender, emailChangeMailTemplates, passwordMailTemplates, verifyEmailTemplate } from './auth/index.ts';
import type { Config } from './config/index.ts';
import type { Database } from '../db/connect.ts';
import { domainMailTemplates } from './domains/index.ts';
import { giftMailTemplates } from './gifts/index.ts';
import { patronInvitationMailTemplates } from './imports/index.ts';
import type { MailTemplates } from './mail/index.ts';
import { memberNoticeTemplates } from './member-notices/index.ts';
import { messageNoticeTemplates } from './messaging/index.ts';
import { productReceiptMailTemplate } from './products/index.ts';
import { joinMailTemplates } from './public-site/index.ts';
import { loadMailBrand } from './sites/index.ts';
import { supportMailTemplates } from './support/index.ts';

export function createMailTemplates(db: Database, config: Pick<Config, 'appUrl' | 'mailFrom' | 'supportEmail'>): MailTemplates {
  const { appUrl, mailFrom, supportEmail } = config;
  const siteBrand = (siteId: string) => loadMailBrand(db, appUrl, siteId);
  // Mail about the account: a creator's is the platform's, a member's their site's or nobody's (docs/decisions/153).
  const senderOf = accountMailSender({ db, siteBrand });
  return {
    ...verifyEmailTemplate({ db, mailFrom, siteBrand }),
    ...passwordMailTemplates({ supportEmail, mailFrom, senderOf }),
    ...emailChangeMailTemplates({ supportEmail, mailFrom, senderOf }),
    ...domainMailTemplates({ db, appUrl }),
    ...supportMailTemplates({ db, appUrl }),
    ...messageNoticeTemplates({ db, appUrl, mailFrom: config.mailFrom }),
    ...memberNoticeTemplates({ db, appUrl }),
    ...joinMailTemplates({ db, mailFrom: config.mailFrom }),
    ...patronInvitationMailTemplates({ db, mailFrom }),
    ...deletionCodeMailTemplate({ db, mailFrom, senderOf }),
    ...giftMailTemplates({ db, mailFrom }),
    ...productReceiptMailTemplate({ db, mailFrom }),
  };
}
