/**
 * The e-mail choice is saved on its own call (EmailPanel.tsx), apart from the
 * draft. "Publish now" waits for the saves still on their way before it asks
 * the server who gets the post, so "Send to N members?" counts the choice just
 * made, and a post is never published while its choice is still travelling
 * (docs/decisions/149).
 */
const pending = new Map<string, Promise<unknown>>();

export function trackChoiceSave(postId: string, save: Promise<unknown>): void {
  const settled: Promise<unknown> = Promise.allSettled([pending.get(postId), save]).finally(() => {
    if (pending.get(postId) === settled) pending.delete(postId);
  });
  pending.set(postId, settled);
}

export function choiceSaved(postId: string): Promise<unknown> {
  return pending.get(postId) ?? Promise.resolve();
}
