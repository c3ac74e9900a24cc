/** What the posts' use cases are handed by the composition root (server/services.ts), each taking the part it needs. */
import type { SQL } from 'drizzle-orm';
import type { PostEmailChoice } from '../../common/email.ts';
import type { Database } from '../../db/connect.ts';
import type { Transaction } from '../../db/transaction.ts';
import type { Clock } from '../clock.ts';
import type { RecordActivity } from '../reports/index.ts';
import type { SiteChanged } from '../sites/index.ts';

/** What the platform plan says about publishing (server/platform-plan, docs/decisions/057). */
export interface PublishingGate {
  /**
   * Throws 402 `plan-required` when the creator's trial or paid period is over. `executor`: the
   * caller's transaction when it asks from inside one; on the embedded database (one connection)
   * a read through the app's `db` there would wait for that transaction forever.
   */
  assertMayPublish(ownerId: string, executor?: Database): Promise<void>;
  /** Posts whose creator may not publish now, as SQL over `posts`; undefined when nothing is held. */
  heldPosts(now: Date): SQL | undefined;
}

/** E-mail with publishing (server/newsletters): the editor's choice and the moment a post goes out, each in the post's own transaction. */
export interface PublishingMail {
  choose(tx: Transaction, siteId: string, postId: string, choice: PostEmailChoice): Promise<void>;
  /** `creatorAsks`: the creator publishes now, and is refused a post that would be e-mailed from a suspended site. */
  published(tx: Transaction, postIds: readonly string[], creatorAsks?: boolean): Promise<void>;
}

export interface PostsDeps {
  db: Database;
  clock: Clock;
  publishing: PublishingGate;
  /** Told of every write readers may see: all but a draft that stays a draft. */
  siteChanged: SiteChanged;
  /** Hears of each post going live, for the creator's Recent Activity (server/reports/activity-service.ts). */
  recordActivity: RecordActivity;
  mail?: PublishingMail;
}
