/** The maintenance switch through a running server's admin API (docs/decisions/071), for when the CLI cannot open the database itself. */
import * as adminApi from '../../common/api/admin.ts';
import { withAdminSession, type AdminCredentials, type RemoteServer } from './admin-session.ts';
import type { MaintenanceSwitch } from './commands.ts';

export type { AdminCredentials, RemoteServer } from './admin-session.ts';

export function withRemoteMaintenance<T>(server: RemoteServer, credentials: AdminCredentials, use: (maintenance: MaintenanceSwitch) => Promise<T>): Promise<T> {
  return withAdminSession(server, credentials, ({ call }) =>
    use({
      isOn: async () => (await call(adminApi.maintenance)).maintenance,
      set: async (on) => {
        await call(adminApi.setMaintenance, { maintenance: on });
      },
    }),
  );
}
