import { Badge, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { OrderMessage } from '@riderdesk/domain/contracts/customer-messages';
import type { Order } from '@riderdesk/domain/contracts/orders';
import { IconArrowBackUp, IconBrandWhatsapp, IconMail, IconMessage2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../shared/config/config-context.tsx';
import { formatDateTime } from '../../../shared/format/format.ts';
import { useOrderMessages } from '../api/get-order-messages.ts';

const STATE_COLORS: Record<OrderMessage['state'], string> = {
  queued: 'gray',
  sending: 'blue',
  sent: 'blue',
  delivered: 'teal',
  failed: 'red',
  skipped: 'gray',
};

const ChannelIcon = ({ channel }: { channel: OrderMessage['channel'] }) =>
  channel === 'whatsapp' ? (
    <IconBrandWhatsapp size={16} aria-hidden />
  ) : channel === 'email' ? (
    <IconMail size={16} aria-hidden />
  ) : (
    <IconMessage2 size={16} aria-hidden />
  );

/**
 * The order detail's "Customer messages" (decision 175): each message with the text as it was sent, its channel,
 * the number masked, and what became of it (the provider's receipt, or why it was not sent); the customer's replies.
 */
export function OrderMessages({ order }: { order: Order }) {
  const { t, i18n } = useTranslation();
  const { country } = useConfig();
  const messages = useOrderMessages(order.vendor_id, order.order_id, order.updated_at);
  const time = (iso: string) => formatDateTime(Date.parse(iso), country.timeZone, i18n.language);
  if (messages.isPending) return <Skeleton h={60} radius="md" />;
  if (messages.isError) {
    return (
      <Text fz="sm" c="dimmed">
        {t('tracking.messages.load-error')}
      </Text>
    );
  }
  const { messages: sent, replies } = messages.data;
  if (sent.length === 0 && replies.length === 0) {
    return (
      <Text fz="sm" c="dimmed">
        {t('tracking.messages.empty')}
      </Text>
    );
  }
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {sent.map((message) => (
        <Stack component="li" key={message.id} gap={4}>
          <Group gap="xs" wrap="wrap">
            <ChannelIcon channel={message.channel} />
            <Text fz="xs" fw={700}>
              {t(`customer-messages.trigger.${message.kind}`)}
            </Text>
            <Badge size="xs" variant="light" color={STATE_COLORS[message.state]}>
              {t(`tracking.messages.state.${message.state}`)}
            </Badge>
            <Text fz="xs" c="dimmed">
              {time(message.delivered_at ?? message.failed_at ?? message.sent_at ?? message.created_at)}
            </Text>
          </Group>
          <Paper radius="md" p="xs" bg="gray.0">
            <Text fz="sm" dir="auto" style={{ overflowWrap: 'anywhere' }}>
              {message.text}
            </Text>
          </Paper>
          <Text fz="xs" c="dimmed">
            {message.to && (
              <>
                {t('tracking.messages.to', { to: '' })}
                {/* A masked number has no letter to take a direction from: it is written left to right. */}
                <bdi dir={message.channel === 'email' ? undefined : 'ltr'}>{message.to}</bdi>
              </>
            )}
            {message.skip_reason && ` · ${t(`tracking.messages.skip.${message.skip_reason}`)}`}
            {message.state === 'failed' && message.error && ` · ${message.error}`}
          </Text>
        </Stack>
      ))}
      {replies.map((reply) => (
        <Group component="li" key={reply.id} gap="xs" wrap="nowrap" align="flex-start">
          <IconArrowBackUp size={16} aria-hidden className="flip-rtl" />
          <Text fz="sm">
            {t('tracking.messages.replied')}: <bdi>“{reply.text}”</bdi>{' '}
            <Text span fz="xs" c="dimmed">
              {time(reply.received_at)}
            </Text>
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
