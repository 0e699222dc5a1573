import { NOTIFICATION_MS } from '@riderdesk/domain/constants';
import { useSyncExternalStore } from 'react';
import { retryImport } from './lazy/retry-import.ts';

type NotificationKind = keyof typeof NOTIFICATION_MS;
type Tone = 'success' | 'error' | 'warning' | 'info';

const COLORS: Record<Tone, string> = { success: 'teal', error: 'red', warning: 'yellow', info: 'blue' };

// spec §2 and §9: a snackbar at the bottom left, at most four at once. Right to left the page is mirrored: the
// snackbar keeps the inline start (bottom right), clear of the help button at the inline end.
export const notificationPosition = (dir: 'ltr' | 'rtl') => (dir === 'rtl' ? 'bottom-right' : 'bottom-left');
export const NOTIFICATION_LIMIT = 4;

// Mantine's notifications (their store, container and transitions) are fetched with the first notification,
// not with the first screen (decision 099). One load, so notifications keep the order they were asked in.
let loading: Promise<typeof import('@mantine/notifications')> | null = null;
export function loadNotifications() {
  loading ??= retryImport(() => import('@mantine/notifications')).then((module) => {
    module.notificationsStore.updateState((state) => ({
      ...state,
      defaultPosition: notificationPosition(document.documentElement.dir === 'rtl' ? 'rtl' : 'ltr'),
      limit: NOTIFICATION_LIMIT,
    }));
    return module;
  });
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

let hasNotified = false;
const listeners = new Set<() => void>();

/** Whether anything was notified yet: the container is mounted from then on. */
export function useHasNotified(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => hasNotified,
  );
}

/** spec §9: notification durations depend on what they are about. A known `id` replaces that notification. */
export function notify(options: {
  message: string;
  title?: string;
  tone?: Tone;
  kind?: NotificationKind;
  id?: string;
}) {
  const tone = options.tone ?? 'info';
  if (!hasNotified) {
    hasNotified = true;
    for (const listener of listeners) listener();
  }
  loadNotifications().then(
    ({ notifications, notificationsStore }) => {
      const shown = {
        id: options.id,
        title: options.title,
        message: options.message,
        color: COLORS[tone],
        autoClose: NOTIFICATION_MS[options.kind ?? 'default'],
        withBorder: true,
      };
      // A notification with the id of one still on screen takes its place (its news replaces the old),
      // instead of being dropped or shown beside it.
      const isShown = notificationsStore.getState().notifications.some((item) => item.id === options.id);
      if (options.id && isShown) notifications.update({ ...shown, id: options.id });
      else notifications.show(shown);
    },
    // The module could not be fetched after its retries: the message is lost, as the page's would be.
    () => undefined,
  );
}
