/** When a post goes out: what its status asks of the publish time, and which writes the plan gate is asked about. */
import type { PostStatus } from '../../common/posts.ts';
import { badRequest } from '../errors.ts';

export interface Timing {
  status: PostStatus;
  publishedAt: Date | null;
}

/** What a status asks of the publish time: a draft has none, a schedule lies ahead, a publication behind (now unless given). */
export function resolveTiming(status: PostStatus, publishAt: string | null | undefined, current: Timing | null, now: Date): Timing {
  const asked = publishAt ? new Date(publishAt) : null;
  if (status === 'draft') return { status, publishedAt: null };
  if (status === 'scheduled') {
    const at = asked ?? (current?.status === 'scheduled' ? current.publishedAt : null);
    if (!at || at.getTime() <= now.getTime()) throw badRequest('invalid-publish-time', 'publishAt');
    return { status, publishedAt: at };
  }
  const at = asked ?? (current?.status === 'published' ? current.publishedAt : null) ?? now;
  if (at.getTime() > now.getTime()) throw badRequest('invalid-publish-time', 'publishAt');
  return { status, publishedAt: at };
}

/** Publishing or scheduling, or moving a schedule: what the plan gate is asked about. Edits to a live post are not. */
export function startsPublishing(timing: Timing, current: Timing | null): boolean {
  if (timing.status === 'draft') return false;
  if (!current || current.status !== timing.status) return true;
  return timing.status === 'scheduled' && timing.publishedAt?.getTime() !== current.publishedAt?.getTime();
}

export function requireTitleToPublish(title: string, status: PostStatus) {
  if (status !== 'draft' && !title) throw badRequest('invalid-input', 'title');
}
