import { Group, Text, ThemeIcon } from '@mantine/core';
import type { Order } from '@riderdesk/domain/contracts/orders';
import { IconLock, IconLockCheck, IconPassword } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../shared/config/config-context.tsx';
import { formatDateTime } from '../../../shared/format/format.ts';

/**
 * The handover PIN among the order's proofs (decision 175): "PIN checked" with the time the rider gave it, still
 * to be asked at the door, or refused after too many wrong PINs. Never the PIN itself.
 */
export function HandoverPinStatus({ pin }: { pin: NonNullable<Order['handover_pin']> }) {
  const { t, i18n } = useTranslation();
  const { country } = useConfig();
  const [icon, color, text] = pin.checked_at
    ? [
        <IconLockCheck key="checked" size={16} />,
        'teal',
        t('tracking.proof.pin-checked', {
          time: formatDateTime(Date.parse(pin.checked_at), country.timeZone, i18n.language),
        }),
      ]
    : pin.is_locked
      ? [<IconLock key="locked" size={16} />, 'red', t('tracking.proof.pin-locked')]
      : [<IconPassword key="waiting" size={16} />, 'gray', t('tracking.proof.pin-waiting')];
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start" data-testid="handover-pin">
      <ThemeIcon variant="light" color={color} size="md" radius="xl" aria-hidden>
        {icon}
      </ThemeIcon>
      <div>
        <Text fz="xs" fw={700}>
          {t('tracking.proof.pin')}
        </Text>
        <Text fz="sm" c={pin.is_locked && !pin.checked_at ? 'red.8' : undefined}>
          {text}
        </Text>
      </div>
    </Group>
  );
}
