/** What every mail newsletters send in a site's name is made with: the post or site read with signed media URLs, APP_URL, MAIL_FROM and the transport. */
import type { Database } from '../../db/connect.ts';
import type { Logger } from '../logger.ts';
import type { MailTransport } from '../mail/index.ts';
import type { MediaUrlSigner } from '../media-urls/index.ts';

export interface SiteMailDeps {
  db: Database;
  appUrl: URL;
  mailFrom: string;
  transport: MailTransport;
  logger: Logger;
  mediaUrlSigner: () => Promise<MediaUrlSigner>;
}
