import { Accordion, Alert, Button, Container, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { SUPPORT_MESSAGE_MAX } from '@riderdesk/domain/contracts/help-centre';
import { faqArticles, searchFaq } from '@riderdesk/domain/help/faq';
import { IconSearch } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getSupportOrders, openSupportTicket } from '../api/help-centre-api.ts';
import { FRAME_TOKEN_MESSAGE, frameTokenOf } from '../help-centre-rules.ts';

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
  const [query, setQuery] = useState('');
  const articles = useMemo(() => faqArticles(country, language), [country, language]);
  const found = useMemo(() => searchFaq(articles, query), [articles, query]);
  // A search opens its best match; the merchant may open or close any article.
  // undefined: not chosen since the last keystroke.
  const [openArticle, setOpenArticle] = useState<string | null | undefined>(undefined);
  const shownArticle = openArticle === undefined ? (query.trim() ? (found[0]?.id ?? null) : null) : openArticle;

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
        <TextInput
          label={t('help-center.search')}
          placeholder={t('help-center.search-placeholder')}
          leftSection={<IconSearch size={16} />}
          value={query}
          onChange={(event) => {
            setQuery(event.currentTarget.value);
            setOpenArticle(undefined);
          }}
          type="search"
        />
        <Stack gap="xs">
          <Title order={2} fz="h4">
            {t('help-center.articles')}
          </Title>
          {found.length === 0 ? (
            <Text c="dimmed">{t('help-center.no-results', { query })}</Text>
          ) : (
            <Accordion variant="separated" value={shownArticle} onChange={setOpenArticle}>
              {found.map((article) => (
                <Accordion.Item key={article.id} value={article.id} data-article={article.id}>
                  <Accordion.Control>{article.question}</Accordion.Control>
                  <Accordion.Panel>
                    <Text fz="sm" lh={1.7}>
                      {article.answer}
                    </Text>
                  </Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>
          )}
        </Stack>

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
