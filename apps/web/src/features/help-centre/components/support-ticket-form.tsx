import { Alert, Button, Code, Group, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { SUPPORT_MESSAGE_MAX } from '@riderdesk/domain/contracts/help-centre';
import { IconCircleCheck } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getSupportOrders, openSupportTicket } from '../api/help-centre-api.ts';
import { supportTicketsKey } from './support-tickets.tsx';

/**
 * "Contact support about an order": the merchant picks one of their orders and says what happened. A sent
 * request is confirmed in place of the form, with its ticket reference and a way to write another; the
 * confirmation takes the focus, as it may sit below the articles the merchant scrolled past.
 */
export function SupportTicketForm({ host, token }: { host: string; token: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const orders = useQuery({
    queryKey: ['help-centre-orders'],
    queryFn: () => getSupportOrders(host, token),
    retry: false,
  });
  const [orderId, setOrderId] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const ticket = useMutation({
    mutationFn: (body: { order_id: string; message: string }) => openSupportTicket(host, token, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportTicketsKey }),
  });
  const confirmation = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (ticket.data) confirmation.current?.focus();
  }, [ticket.data]);

  if (ticket.data) {
    return (
      <Alert
        ref={confirmation}
        tabIndex={-1}
        color="green"
        role="status"
        icon={<IconCircleCheck size={20} />}
        title={t('help-center.contact.sent-title')}
        data-ticket={ticket.data}
      >
        <Stack gap="sm">
          <Group gap="xs">
            <Text fz="sm">{t('help-center.contact.reference')}</Text>
            <Code fz="sm" fw={700}>
              {ticket.data}
            </Code>
          </Group>
          <Text fz="sm">{t('help-center.contact.sent', { ticket: ticket.data })}</Text>
          <Group>
            <Button
              variant="light"
              onClick={() => {
                setOrderId(null);
                setMessage('');
                ticket.reset();
              }}
            >
              {t('help-center.contact.send-another')}
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  }

  return (
    <Stack
      gap="sm"
      component="form"
      aria-label={t('help-center.contact.title')}
      onSubmit={(event) => {
        event.preventDefault();
        if (orderId && message.trim()) ticket.mutate({ order_id: orderId, message });
      }}
    >
      <Title order={2} fz="h4">
        {t('help-center.contact.title')}
      </Title>
      <Select
        label={t('help-center.contact.order')}
        placeholder={
          orders.data?.length === 0 ? t('help-center.contact.no-orders') : t('help-center.contact.order-placeholder')
        }
        data={(orders.data ?? []).map((order) => ({
          value: order.order_id,
          label: `${order.order_id} · ${order.customer_name}`,
        }))}
        value={orderId}
        onChange={setOrderId}
        searchable
        disabled={!orders.data || orders.data.length === 0}
        error={orders.isError ? t('help-center.failed') : undefined}
        comboboxProps={{ withinPortal: false }}
      />
      <Textarea
        label={t('help-center.contact.message')}
        value={message}
        onChange={(event) => setMessage(event.currentTarget.value)}
        maxLength={SUPPORT_MESSAGE_MAX}
        autosize
        minRows={3}
        required
      />
      {ticket.isError && <Alert color="red">{t('help-center.contact.failed')}</Alert>}
      <Button type="submit" loading={ticket.isPending} disabled={!orderId || !message.trim()}>
        {t('help-center.contact.submit')}
      </Button>
    </Stack>
  );
}
