import { Alert, Container, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FRAME_TOKEN_MESSAGE, frameTokenOf } from '../help-centre-rules.ts';
import { FaqArticles } from './faq-articles.tsx';
import { SupportTicketForm } from './support-ticket-form.tsx';
import { SupportTickets } from './support-tickets.tsx';

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
        <SupportTickets host={host} token={token} language={language} />

        <FaqArticles country={country} language={language} />

        <SupportTicketForm host={host} token={token} />
      </Stack>
    </Container>
  );
}
