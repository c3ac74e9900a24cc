/**
 * The maintenance flag, answered from memory. It follows the one settings row
 * through LISTEN/NOTIFY, and polls as a fallback for a dropped listener, so an
 * operator's `UPDATE settings SET maintenance = true;` reaches every server
 * within a second without a restart.
 */
import { eq } from 'drizzle-orm';
import type { DatabaseHandle, Unlisten } from '../../db/connect.ts';
import { settings } from '../../db/schema.ts';
import type { Logger } from '../logger.ts';

export const SETTINGS_CHANNEL = 'settings_changed';

export function createMaintenanceState({ database, pollMs, logger }: { database: DatabaseHandle; pollMs: number; logger: Logger }) {
  let maintenance = false;
  let unlisten: Unlisten | undefined;
  let poller: NodeJS.Timeout | undefined;

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
      poller = setInterval(() => {
        refresh().catch((error: unknown) => logger.warn({ err: error }, 'maintenance poll failed'));
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
