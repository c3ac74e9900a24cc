/**
 * The maintenance flag, answered from memory. It follows the one settings row
 * through LISTEN/NOTIFY, and polls as a fallback for a dropped listener, so an
 * operator's `UPDATE settings SET maintenance = true;` reaches every server
 * within a second without a restart.
 */
import { eq } from 'drizzle-orm';
import type { DatabaseHandle, Unlisten } from '../../db/connect.ts';
import { isDatabaseUnavailable } from '../../db/database-unavailable.ts';
import { settings } from '../../db/schema.ts';
import type { Logger } from '../logger.ts';

export const SETTINGS_CHANNEL = 'settings_changed';

export function createMaintenanceState({ database, pollMs, logger }: { database: DatabaseHandle; pollMs: number; logger: Logger }) {
  let maintenance = false;
  let unlisten: Unlisten | undefined;
  let poller: NodeJS.Timeout | undefined;
  let databaseDown = false;

  // An outage fails every poll, every second, on every server: say so once when it starts and once when it ends.
  function pollSucceeded() {
    if (!databaseDown) return;
    databaseDown = false;
    logger.info('maintenance poll resumed: the database answers again');
  }

  function pollFailed(error: unknown) {
    if (!isDatabaseUnavailable(error)) return logger.warn({ err: error }, 'maintenance poll failed');
    if (!databaseDown) logger.warn({ err: error }, 'maintenance poll paused: the database is unreachable');
    databaseDown = true;
  }

  function apply(value: boolean) {
    if (value !== maintenance) logger.info({ maintenance: value }, 'maintenance switched');
    maintenance = value;
  }

  async function refresh(): Promise<void> {
    const [row] = await database.db.select({ maintenance: settings.maintenance }).from(settings).where(eq(settings.id, true));
    apply(row?.maintenance ?? false);
  }

  async function setMaintenance(value: boolean): Promise<void> {
    await database.db.update(settings).set({ maintenance: value, updatedAt: new Date() }).where(eq(settings.id, true));
    apply(value);
  }

  return {
    isOn: () => maintenance,
    refresh,
    setMaintenance,
    async start() {
      await refresh();
      unlisten = await database.listen(
        SETTINGS_CHANNEL,
        (payload) => {
          try {
            apply(Boolean((JSON.parse(payload) as { maintenance?: unknown }).maintenance));
          } catch {
            void refresh().catch(() => undefined);
          }
        },
        () => {
          logger.info('maintenance listener subscribed again after a lost connection');
          refresh().catch((error: unknown) => logger.warn({ err: error }, 'maintenance refresh failed'));
        },
      );
      // One poll at a time: during an outage each waits for the connect timeout, and overlapping ones would pile up and report out of order.
      let inFlight = false;
      poller = setInterval(() => {
        if (inFlight) return;
        inFlight = true;
        refresh()
          .then(pollSucceeded, pollFailed)
          .finally(() => {
            inFlight = false;
          });
      }, pollMs);
      poller.unref();
    },
    async stop() {
      clearInterval(poller);
      await unlisten?.().catch(() => undefined);
    },
  };
}

export type MaintenanceState = ReturnType<typeof createMaintenanceState>;
