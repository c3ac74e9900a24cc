/** The auth_events trail: who signed in, failed, reset, verified or was signed out, and from where. */
import type { Database } from '../../db/connect.ts';
import { authEvents, type AuthEventType } from '../../db/schema.ts';
import type { RequestContext } from '../http/index.ts';

// Declared where a request becomes one (http/request-context.ts); auth's services name it from here.
export type { RequestContext };

export interface AuthEvent {
  type: AuthEventType;
  userId?: string | null;
  email?: string | null;
  detail?: string;
}

/** The row of one event, for a caller that writes it as part of a larger statement. */
export function authEventRow(context: RequestContext | undefined, event: AuthEvent): typeof authEvents.$inferInsert {
  return {
    type: event.type,
    userId: event.userId ?? null,
    email: event.email ?? null,
    ip: context?.ip ?? null,
    userAgent: context?.userAgent.slice(0, 300) ?? null,
    detail: event.detail ?? null,
  };
}

export async function recordAuthEvent(db: Database, context: RequestContext | undefined, event: AuthEvent): Promise<void> {
  await db.insert(authEvents).values(authEventRow(context, event));
}
