/**
 * The daily visitor salts, one per UTC day for every server of the site
 * (docs/decisions/100, amended): made at random in memory by the first server
 * that counts a view that day and passed to the others by Postgres NOTIFY, so
 * a reader served by two servers is one visitor. Nothing is written to a
 * table: a NOTIFY lives in Postgres's memory until every listener has read
 * it, and no backup holds it. Two servers that make a day's salt at the same
 * moment settle on the older one (ties: the smaller), each adopting the
 * better salt it hears of and answering a worse one with its own. A server
 * that starts, or whose LISTEN connection came back, asks the others for
 * theirs. Without a listener (PGlite: one process) the salts stay local.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle, Unlisten } from '../../db/connect.ts';
import type { Clock } from '../clock.ts';
import type { Logger } from '../logger.ts';

export const VISITOR_SALT_CHANNEL = 'visitor_salts';
/** Two days: a clock stepped back across midnight finds the day before's salt again instead of counting its readers twice. */
const SALTS_KEPT = 2;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const SALT = /^[A-Za-z0-9+/]{43}=$/;

interface Salt {
  salt: string;
  /** When it was made (ms): the older of two salts for a day wins, so a server that joins late adopts the running one. */
  born: number;
}

type Message = { ask: true } | ({ day: string } & Salt);

const better = (a: Salt, b: Salt) => a.born < b.born || (a.born === b.born && a.salt < b.salt);

function parse(payload: string): Message | undefined {
  try {
    const message = JSON.parse(payload) as Record<string, unknown>;
    if (message.ask === true) return { ask: true };
    const { day, salt, born } = message;
    if (typeof day === 'string' && DAY.test(day) && typeof salt === 'string' && SALT.test(salt) && typeof born === 'number' && Number.isSafeInteger(born)) return { day, salt, born };
  } catch {
    // Not ours: ignored below.
  }
  return undefined;
}

export function createVisitorSalts({ database, clock, logger }: { database?: Pick<DatabaseHandle, 'db' | 'kind' | 'listen'>; clock: Clock; logger: Logger }) {
  const salts = new Map<string, Salt>();
  const shared = database?.kind === 'postgres';
  let unlisten: Unlisten | undefined;

  function send(message: Message) {
    if (!shared || !database) return;
    database.db.execute(sql`select pg_notify(${VISITOR_SALT_CHANNEL}, ${JSON.stringify(message)})`).catch((error: unknown) => logger.warn({ err: error }, 'visitor salt not shared'));
  }

  function keep(day: string, salt: Salt) {
    salts.set(day, salt);
    // Oldest first: the days beyond the last two are forgotten, with their salts.
    for (const old of [...salts.keys()].sort().slice(0, Math.max(0, salts.size - SALTS_KEPT))) salts.delete(old);
  }

  function offered(message: Message) {
    if ('ask' in message) {
      for (const [day, salt] of salts) send({ day, ...salt });
      return;
    }
    const { day, ...theirs } = message;
    const oldestKept = [...salts.keys()].sort()[0];
    if (salts.size >= SALTS_KEPT && oldestKept !== undefined && day < oldestKept) return;
    const mine = salts.get(day);
    if (!mine || better(theirs, mine)) keep(day, theirs);
    else if (better(mine, theirs)) send({ day, ...mine });
  }

  return {
    /** The day's salt, made now if no server has told us one. */
    saltOf(day: string): string {
      const known = salts.get(day);
      if (known) return known.salt;
      const made = { salt: randomBytes(32).toString('base64'), born: clock().getTime() };
      keep(day, made);
      send({ day, ...made });
      return made.salt;
    },
    async start(): Promise<void> {
      if (!shared || !database) return;
      const onPayload = (payload: string) => {
        const message = parse(payload);
        if (message) offered(message);
      };
      unlisten = await database.listen(VISITOR_SALT_CHANNEL, onPayload, () => send({ ask: true }));
      send({ ask: true });
    },
    async stop(): Promise<void> {
      await unlisten?.().catch(() => undefined);
    },
  };
}

export type VisitorSalts = ReturnType<typeof createVisitorSalts>;
