import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../shared/config/config-context.tsx';
import { formatDateTime } from '../../../shared/format/format.ts';
import { getSupportTickets } from '../api/help-centre-api.ts';

/** Read again this often while the help centre is open, so a reply from support appears by itself. */
export const SUPPORT_TICKETS_REFRESH_MS = 30_000;
export const supportTicketsKey = ['help-centre-tickets'] as const;

const STATUS_COLORS: Record<string, string> = {
  OPEN: 'gray',
  ASSIGNED: 'blue',
  WAITING_ON_MERCHANT: 'yellow',
  SOLVED: 'teal',
};

/** The merchant's tickets and support's replies (decision 182): what was asked, and what support answered. */
export function SupportTickets({ host, token, language }: { host: string; token: string; language: string }) {
  const { t } = useTranslation();
  const config = useConfig();
  const tickets = useQuery({
    queryKey: supportTicketsKey,
    queryFn: () => getSupportTickets(host, token),
    refetchInterval: SUPPORT_TICKETS_REFRESH_MS,
    retry: false,
  });
  if (!tickets.data || tickets.data.length === 0) return null;
  const when = (iso: string) => formatDateTime(new Date(iso), config.country.timeZone, language);
  return (
    <Stack gap="sm" aria-labelledby="support-tickets-title">
      <Title order={3} id="support-tickets-title" fz="lg">
        {t('help-center.tickets.title')}
      </Title>
      {tickets.data.map((ticket) => (
        <Paper
          key={ticket.ticket_number}
          withBorder
          p="sm"
          data-testid="support-ticket"
          data-ticket={ticket.ticket_number}
        >
          <Group justify="space-between" gap="xs">
            <Text fw={700} fz="sm" dir="ltr">
              {ticket.ticket_number}
            </Text>
            <Badge variant="light" color={STATUS_COLORS[ticket.status] ?? 'gray'}>
              {t(`help-center.tickets.status.${ticket.status}`)}
            </Badge>
          </Group>
          <Text fz="xs" c="dimmed">
            {t('help-center.tickets.about-order', { orderId: ticket.order_id })} · {when(ticket.created_at)}
          </Text>
          <Text fz="xs" c="dimmed" mt="xs">
            {t('help-center.tickets.you-wrote')}
          </Text>
          <Text fz="sm" dir="auto" style={{ whiteSpace: 'pre-wrap' }}>
            {ticket.message}
          </Text>
          {ticket.replies.length === 0 ? (
            <Text fz="xs" c="dimmed" mt="xs">
              {t('help-center.tickets.no-reply')}
            </Text>
          ) : (
            ticket.replies.map((reply) => (
              <Paper key={reply.id} mt="xs" p="xs" bg="var(--mantine-primary-color-light)" data-testid="support-reply">
                <Text fz="xs" c="dimmed">
                  {t('help-center.tickets.support-replied')} · {when(reply.created_at)}
                </Text>
                <Text fz="sm" dir="auto" style={{ whiteSpace: 'pre-wrap' }}>
                  {reply.body}
                </Text>
              </Paper>
            ))
          )}
        </Paper>
      ))}
    </Stack>
  );
}
