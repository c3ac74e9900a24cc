/**
 * One turn of the event loop between two steps of a long run (docs/decisions/168). On embedded PGlite a
 * query never waits on I/O: it runs on this thread and its promise settles at once, so a loop of queries
 * (an import's 200 slices of members, its posts once their files are copied) is one unbroken chain of
 * microtasks. Timers, sockets and requests wait for the whole loop to end: a studio's progress poll went
 * unanswered for the length of the members phase, and the keep-alive timer that finally ran reset its
 * connection. A turn lets them in; on Postgres it costs a few microseconds.
 */
import { setImmediate } from 'node:timers/promises';

export async function letRequestsIn(): Promise<void> {
  await setImmediate();
}
