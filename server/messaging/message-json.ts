/** Messages as the API answers them (common/api/messages.ts): each attachment a signed URL of its ready image, alt text with it. */
import { inArray } from 'drizzle-orm';
import type { MessageJson } from '../../common/api/messages.ts';
import { media } from '../../db/content-schema.ts';
import type { messages } from '../../db/messaging-schema.ts';
import { BODY_MEDIA_TTL_MS } from '../rendering/index.ts';
import { imageFileFor } from '../sites/index.ts';
import type { MessagesServiceDeps } from './messages-deps.ts';

export type MessageRow = typeof messages.$inferSelect;

export async function toJson({ db, signer }: Pick<MessagesServiceDeps, 'db' | 'signer'>, rows: MessageRow[]): Promise<MessageJson[]> {
  const ids = [...new Set(rows.flatMap((row) => row.mediaIds))];
  const found = ids.length ? await db.select({ id: media.id, alt: media.alt, derived: media.derived, status: media.status }).from(media).where(inArray(media.id, ids)) : [];
  const sign = found.length ? await signer() : undefined;
  const urls = new Map(found.filter((item) => item.status === 'ready').map((item) => [item.id, { url: `${sign!.prefix(item.id, BODY_MEDIA_TTL_MS)}/${imageFileFor(item.derived, 1280)}`, alt: item.alt }]));
  return rows.map((row) => ({
    id: row.id,
    conversationId: row.conversationId,
    sender: row.sender,
    text: row.body,
    attachments: row.mediaIds.flatMap((id) => {
      const file = urls.get(id);
      return file ? [{ id, ...file }] : [];
    }),
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  }));
}
