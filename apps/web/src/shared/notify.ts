import { notifications } from '@mantine/notifications';
import { NOTIFICATION_MS } from '@riderdesk/domain/constants';

type NotificationKind = keyof typeof NOTIFICATION_MS;
type Tone = 'success' | 'error' | 'warning' | 'info';

const COLORS: Record<Tone, string> = { success: 'teal', error: 'red', warning: 'yellow', info: 'blue' };

/** spec §9: notification durations depend on what they are about. */
export function notify(options: {
  message: string;
  title?: string;
  tone?: Tone;
  kind?: NotificationKind;
  id?: string;
}) {
  const tone = options.tone ?? 'info';
  notifications.show({
    id: options.id,
    title: options.title,
    message: options.message,
    color: COLORS[tone],
    autoClose: NOTIFICATION_MS[options.kind ?? 'default'],
    withBorder: true,
  });
}
