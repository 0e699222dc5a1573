import type { PublicConfig } from '@riderdesk/domain/contracts/deployment';
import { createContext, type ReactNode, useContext } from 'react';

const ConfigContext = createContext<PublicConfig | null>(null);

export function ConfigProvider({ config, children }: { config: PublicConfig; children: ReactNode }) {
  return <ConfigContext.Provider value={config}>{children}</ConfigContext.Provider>;
}

/** The deployment read from GET /api/v1/config at start, so one build serves any country. */
export function useConfig(): PublicConfig {
  const config = useContext(ConfigContext);
  if (!config) throw new Error('useConfig must be used inside ConfigProvider');
  return config;
}
