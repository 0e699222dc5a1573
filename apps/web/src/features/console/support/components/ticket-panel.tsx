import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import type { OperatorSelf } from '@riderdesk/domain/contracts/console-sign-in';
import { TICKET_STATUSES, type TicketStatus } from '@riderdesk/domain/contracts/console-support';
import { IconPackage } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../shared/format/format.ts';
import { notify } from '../../../../shared/notify.ts';
import { useConsoleErrorText } from '../../shared/use-console-error-text.ts';
import { useChangeTicket, useTicket } from '../api/support-api.ts';
import { assignActionOf, STATUS_COLORS } from '../support-view.ts';
import { OrderDialog } from './order-dialog.tsx';

/** One ticket: who wrote about which order, the conversation, and the operator's reply or note. */
export function TicketPanel({
  ticketNumber,
  self,
  timeZone,
  currency,
}: {
  ticketNumber: string;
  self: OperatorSelf;
  timeZone: string;
  currency: string;
}) {
  const { t, i18n } = useTranslation();
  const errorText = useConsoleErrorText();
  const ticket = useTicket(ticketNumber);
  const change = useChangeTicket(ticketNumber);
  const [mode, setMode] = useState<'reply' | 'note'>('reply');
  const [text, setText] = useState('');
  const [isOrderOpen, setOrderOpen] = useState(false);
  const when = (iso: string) => formatDateTime(new Date(iso), timeZone, i18n.language);

  if (ticket.isPending) return <Loader aria-label={t('console.loading')} />;
  if (ticket.isError) {
    return (
      <Alert color="red" role="alert">
        {errorText(ticket.error)}
      </Alert>
    );
  }
  const data = ticket.data;
  const assign = assignActionOf(data, self.id);
  const onError = (error: unknown) => notify({ message: errorText(error), tone: 'error' });

  const send = () =>
    change.mutate(
      { kind: mode, body: text },
      {
        onSuccess: () => {
          setText('');
          notify({
            message:
              mode === 'reply'
                ? t('console.support.reply-sent', { email: data.email })
                : t('console.support.note-added'),
            tone: 'success',
          });
        },
        onError,
      },
    );

  return (
    <Paper withBorder p="md" data-testid="ticket-panel">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <div>
            <Group gap="xs">
              <Title order={3} dir="ltr">
                {data.ticket_number}
              </Title>
              <Badge color={STATUS_COLORS[data.status]} variant="light" data-testid="ticket-status">
                {t(`console.support.status.${data.status}`)}
              </Badge>
            </Group>
            <Text fz="sm">
              {data.vendor_name ?? data.vendor_id} ·{' '}
              <Text span dir="ltr">
                {data.email}
              </Text>
            </Text>
            <Text fz="xs" c="dimmed">
              {t('console.support.opened')}: {when(data.created_at)} · {t('console.support.assignee')}:{' '}
              {data.assigned_to?.name ?? t('console.support.nobody')}
            </Text>
          </div>
          <Button variant="light" leftSection={<IconPackage size={18} />} onClick={() => setOrderOpen(true)}>
            {t('console.support.view-order', { orderId: data.order_id })}
          </Button>
        </Group>

        <Group gap="sm" align="flex-end">
          {assign && (
            <Button
              variant="default"
              loading={change.isPending && change.variables?.kind === 'assign'}
              onClick={() =>
                change.mutate({ kind: 'assign', operatorId: assign === 'take' ? self.id : null }, { onError })
              }
            >
              {t(assign === 'take' ? 'console.support.assign-to-me' : 'console.support.unassign')}
            </Button>
          )}
          <Select
            label={t('console.support.set-status')}
            data={TICKET_STATUSES.map((value) => ({ value, label: t(`console.support.status.${value}`) }))}
            value={data.status}
            allowDeselect={false}
            onChange={(value) => value && change.mutate({ kind: 'status', status: value as TicketStatus }, { onError })}
            w={240}
          />
        </Group>

        <Stack gap="xs" aria-label={t('console.support.conversation')}>
          <Paper p="sm" radius="md" bg="var(--mantine-color-default-hover)">
            <Text fz="xs" c="dimmed">
              {t('console.support.merchant-wrote')} · {when(data.created_at)}
            </Text>
            <Text fz="sm" dir="auto" style={{ whiteSpace: 'pre-wrap' }}>
              {data.message}
            </Text>
          </Paper>
          {data.messages.map((message) => (
            <Paper
              key={message.id}
              p="sm"
              radius="md"
              withBorder
              data-testid={message.kind === 'NOTE' ? 'ticket-note' : 'ticket-reply'}
              bg={message.kind === 'NOTE' ? 'var(--mantine-color-yellow-light)' : 'var(--mantine-primary-color-light)'}
              ms={message.kind === 'REPLY' ? 'xl' : undefined}
            >
              <Text fz="xs" c="dimmed">
                {t(message.kind === 'NOTE' ? 'console.support.note-by' : 'console.support.reply-by', {
                  name: message.operator?.name ?? '—',
                })}{' '}
                · {when(message.created_at)}
              </Text>
              <Text fz="sm" dir="auto" style={{ whiteSpace: 'pre-wrap' }}>
                {message.body}
              </Text>
            </Paper>
          ))}
        </Stack>

        <Stack gap="xs">
          <SegmentedControl
            value={mode}
            onChange={(value) => setMode(value as 'reply' | 'note')}
            data={[
              { value: 'reply', label: t('console.support.reply') },
              { value: 'note', label: t('console.support.note') },
            ]}
          />
          <Textarea
            aria-label={t(mode === 'reply' ? 'console.support.reply' : 'console.support.note')}
            description={t(mode === 'reply' ? 'console.support.reply-hint' : 'console.support.note-hint')}
            autosize
            minRows={3}
            maxLength={5000}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button
              onClick={send}
              disabled={text.trim() === ''}
              loading={change.isPending && change.variables?.kind === mode}
              color={mode === 'note' ? 'yellow' : undefined}
            >
              {t(mode === 'reply' ? 'console.support.send-reply' : 'console.support.add-note')}
            </Button>
          </Group>
        </Stack>
      </Stack>
      <OrderDialog
        opened={isOrderOpen}
        onClose={() => setOrderOpen(false)}
        orderId={data.order_id}
        order={data.order}
        timeZone={timeZone}
        currency={currency}
      />
    </Paper>
  );
}
