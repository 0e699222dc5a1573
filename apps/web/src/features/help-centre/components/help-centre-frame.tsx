import { Alert, Button, Container, Select, Stack, Textarea, Title } from '@mantine/core';
import { SUPPORT_MESSAGE_MAX } from '@riderdesk/domain/contracts/help-centre';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getSupportOrders, openSupportTicket } from '../api/help-centre-api.ts';
import { FRAME_TOKEN_MESSAGE, frameTokenOf } from '../help-centre-rules.ts';
import { FaqArticles } from './faq-articles.tsx';

/** The frame token: from the address fragment once (then removed), later from the portal's messages. */
function useFrameToken(): string | null {
  const [token, setToken] = useState(() => frameTokenOf(window.location.hash));
  useEffect(() => {
    if (window.location.hash) {
      window.history.replaceState(null, '', window.location.pathname + window.location.search);
    }
    const onMessage = (event: MessageEvent) => {
      // Only the portal that framed this page hands over tokens.
      if (event.source !== window.parent || event.origin !== window.location.origin) return;
      const data = event.data as { type?: unknown; token?: unknown } | null;
      if (data?.type === FRAME_TOKEN_MESSAGE && typeof data.token === 'string') {
        const next = frameTokenOf(`token=${data.token}`);
        if (next) setToken(next);
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);
  return token;
}

/**
 * The embedded help centre's page (decision 085): the country's articles in the page's language with a
 * search, and a form to contact support about one of the merchant's orders.
 */
export function HelpCentreFrame({ host, country, language }: { host: string; country: string; language: string }) {
  const { t } = useTranslation();
  const token = useFrameToken();

  const orders = useQuery({
    queryKey: ['help-centre-orders', token !== null],
    queryFn: () => getSupportOrders(host, token!),
    enabled: token !== null,
    retry: false,
  });
  const [orderId, setOrderId] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const ticket = useMutation({
    mutationFn: () => openSupportTicket(host, token!, { order_id: orderId!, message }),
  });

  if (!token) {
    return (
      <Container p="md">
        <Alert color="red">{t('help-center.failed')}</Alert>
      </Container>
    );
  }

  return (
    <Container size="sm" p="md">
      <Stack gap="lg">
        <FaqArticles country={country} language={language} />

        <Stack
          gap="sm"
          component="form"
          onSubmit={(event) => {
            event.preventDefault();
            if (orderId && message.trim()) ticket.mutate();
          }}
        >
          <Title order={2} fz="h4">
            {t('help-center.contact.title')}
          </Title>
          {ticket.data ? (
            <Alert color="green" role="status" data-ticket={ticket.data}>
              {t('help-center.contact.sent', { ticket: ticket.data })}
            </Alert>
          ) : (
            <>
              <Select
                label={t('help-center.contact.order')}
                placeholder={
                  orders.data?.length === 0
                    ? t('help-center.contact.no-orders')
                    : t('help-center.contact.order-placeholder')
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
            </>
          )}
        </Stack>
      </Stack>
    </Container>
  );
}
