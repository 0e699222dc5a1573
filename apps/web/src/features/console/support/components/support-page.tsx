import { Alert, Badge, Grid, Loader, Paper, Table, Tabs, Text } from '@mantine/core';
import type { OperatorSelf } from '@riderdesk/domain/contracts/console-sign-in';
import type { TicketStatus } from '@riderdesk/domain/contracts/console-support';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../shared/format/format.ts';
import { PageHeader } from '../../../../shared/ui/page-header.tsx';
import { useConsoleErrorText } from '../../shared/use-console-error-text.ts';
import { useTicketQueue } from '../api/support-api.ts';
import { QUEUE_TABS, STATUS_COLORS } from '../support-view.ts';
import { TicketPanel } from './ticket-panel.tsx';

/**
 * The console's Support page (admins, support): the help centre's tickets by status, oldest first, and the one
 * picked beside them with its conversation, replies and notes.
 */
export function SupportPage({
  self,
  timeZone,
  currency,
  status,
  ticketNumber,
  onOpen,
}: {
  self: OperatorSelf;
  timeZone: string;
  currency: string;
  status: TicketStatus;
  ticketNumber: string | null;
  onOpen: (next: { status: TicketStatus; ticket: string | null }) => void;
}) {
  const { t, i18n } = useTranslation();
  const errorText = useConsoleErrorText();
  const queue = useTicketQueue(status);
  const counts = queue.data?.counts;

  return (
    <>
      <PageHeader title={t('console.support.title')} description={t('console.support.description')} />
      <Tabs value={status} onChange={(value) => value && onOpen({ status: value as TicketStatus, ticket: null })}>
        <Tabs.List mb="md">
          {QUEUE_TABS.map((tab) => (
            <Tabs.Tab
              key={tab}
              value={tab}
              rightSection={
                counts ? (
                  <Badge size="sm" variant="light" color={STATUS_COLORS[tab]}>
                    {counts[tab] ?? 0}
                  </Badge>
                ) : null
              }
            >
              {t(`console.support.status.${tab}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 5 }}>
          {queue.isPending && <Loader aria-label={t('console.loading')} />}
          {queue.isError && (
            <Alert color="red" role="alert">
              {errorText(queue.error)}
            </Alert>
          )}
          {queue.data && queue.data.tickets.length === 0 && (
            <Text c="dimmed" py="md">
              {t('console.support.empty')}
            </Text>
          )}
          {queue.data && queue.data.tickets.length > 0 && (
            <Paper withBorder>
              <Table highlightOnHover verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('console.support.ticket')}</Table.Th>
                    <Table.Th>{t('console.support.merchant')}</Table.Th>
                    <Table.Th>{t('console.support.assignee')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {queue.data.tickets.map((ticket) => (
                    <Table.Tr
                      key={ticket.ticket_number}
                      data-testid="ticket-row"
                      onClick={() => onOpen({ status, ticket: ticket.ticket_number })}
                      style={{ cursor: 'pointer' }}
                      bg={ticket.ticket_number === ticketNumber ? 'var(--mantine-primary-color-light)' : undefined}
                      aria-selected={ticket.ticket_number === ticketNumber}
                    >
                      <Table.Td>
                        <Text fw={600} fz="sm" dir="ltr" ta="start">
                          {ticket.ticket_number}
                        </Text>
                        <Text fz="xs" c="dimmed">
                          {formatDateTime(new Date(ticket.created_at), timeZone, i18n.language)}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text fz="sm">{ticket.vendor_name ?? ticket.vendor_id}</Text>
                        <Text fz="xs" c="dimmed" lineClamp={1}>
                          {ticket.message}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text fz="sm">{ticket.assigned_to?.name ?? t('console.support.nobody')}</Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Paper>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          {ticketNumber ? (
            <TicketPanel
              key={ticketNumber}
              ticketNumber={ticketNumber}
              self={self}
              timeZone={timeZone}
              currency={currency}
            />
          ) : (
            <Paper withBorder p="lg">
              <Text c="dimmed">{t('console.support.select')}</Text>
            </Paper>
          )}
        </Grid.Col>
      </Grid>
    </>
  );
}
