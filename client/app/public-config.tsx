/**
 * The server's public settings (support e-mail, whether Google sign-in is
 * configured): from the boot state at once, refreshed from GET /api/config.
 * `undefined` means not known yet; screens degrade gracefully until it is.
 */
import { createContext, use, useEffect, useState, type ReactNode } from 'react';
import type { PublicConfig } from '../../common/api-types.ts';
import { api } from '../lib/api.ts';

const PublicConfigContext = createContext<PublicConfig | undefined>(undefined);

export function PublicConfigProvider({ initialConfig, children }: { initialConfig: PublicConfig | undefined; children: ReactNode }) {
  const [config, setConfig] = useState(initialConfig);

  useEffect(() => {
    let current = true;
    api.getConfig().then(
      (fresh) => {
        if (current) setConfig(fresh);
      },
      // Keep what the boot state said; without it the screens that need config wait for the next load.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);

  return <PublicConfigContext value={config}>{children}</PublicConfigContext>;
}

export function usePublicConfig(): PublicConfig | undefined {
  return use(PublicConfigContext);
}
