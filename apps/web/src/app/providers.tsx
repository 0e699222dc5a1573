import { DirectionProvider, MantineProvider, useDirection } from '@mantine/core';
import type { Notifications as NotificationsType } from '@mantine/notifications';
import { NOTIFICATION_MS } from '@riderdesk/domain/constants';
import type { PublicConfig } from '@riderdesk/domain/contracts/deployment';
import { type QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { useRefreshFlagsOnSessionChange } from '../features/flags/hooks/use-flags.ts';
import { flagKeys } from '../shared/api/query-keys.ts';
import { ConfigProvider } from '../shared/config/config-context.tsx';
import { directionOf } from '../shared/i18n/i18n.ts';
import {
  loadNotifications,
  NOTIFICATION_LIMIT,
  notificationPosition,
  notify,
  useHasNotified,
} from '../shared/notify.ts';
import { followSessionAcrossTabs, takeSessionExpiry, useSession } from '../shared/session/session-store.ts';
import { createAppTheme, cssVariablesResolver } from './theme.ts';

/**
 * The notifications' container, from the first notification on (shared/notify.ts, decision 099). Rendered once
 * its module is here rather than through Suspense, whose reveal React throttles with a timer.
 */
export function NotificationsOutlet() {
  const hasNotified = useHasNotified();
  const { dir } = useDirection();
  const [container, setContainer] = useState<{ Notifications: typeof NotificationsType } | null>(null);
  useEffect(() => {
    if (!hasNotified) return;
    let isCurrent = true;
    loadNotifications().then(
      ({ Notifications }) => isCurrent && setContainer({ Notifications }),
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, [hasNotified]);
  if (!container) return null;
  return (
    <container.Notifications
      position={notificationPosition(dir)}
      autoClose={NOTIFICATION_MS.default}
      limit={NOTIFICATION_LIMIT}
    />
  );
}

function SessionEffects() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const isLoggedIn = useSession() !== null;
  useRefreshFlagsOnSessionChange(isLoggedIn);
  useEffect(() => followSessionAcrossTabs(), []);
  // A session the server ended: the guards send the user to log in, and this says why (spec §4).
  useEffect(() => {
    if (isLoggedIn || !takeSessionExpiry()) return;
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== flagKeys.all[0] });
    notify({ message: t('auth.disconnected'), tone: 'info' });
  }, [isLoggedIn, t, queryClient]);
  return null;
}

/** Mantine with the brand's theme; the theme carries translated defaults, so it follows the language. */
function ThemedMantine({
  primaryColor,
  env,
  children,
}: {
  primaryColor: string;
  env?: 'default' | 'test';
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const closeLabel = t('action.close-dialog');
  const theme = useMemo(() => createAppTheme(primaryColor, closeLabel), [primaryColor, closeLabel]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light" env={env}>
      {children}
    </MantineProvider>
  );
}

export function AppProviders({
  config,
  i18n,
  queryClient,
  children,
  env,
}: {
  config: PublicConfig;
  i18n: I18n;
  queryClient: QueryClient;
  children: ReactNode;
  env?: 'default' | 'test';
}) {
  return (
    <ConfigProvider config={config}>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <DirectionProvider initialDirection={directionOf(i18n.language)} detectDirection={false}>
            <ThemedMantine primaryColor={config.brand.primaryColor} env={env}>
              <NotificationsOutlet />
              <SessionEffects />
              {children}
            </ThemedMantine>
          </DirectionProvider>
        </QueryClientProvider>
      </I18nextProvider>
    </ConfigProvider>
  );
}
