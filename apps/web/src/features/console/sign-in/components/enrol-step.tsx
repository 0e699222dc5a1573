import { Anchor, Button, Center, Code, CopyButton, Group, Paper, Stack, Text } from '@mantine/core';
import type { ConsoleSession } from '@riderdesk/domain/contracts/console-sign-in';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { groupedSecret } from '../sign-in-flow.ts';
import { AppCodeForm } from './code-step.tsx';

/**
 * Enrolling the authenticator app: its set-up as a QR code, the same as text (the key to type, the otpauth link
 * to paste), then the app's first code, which confirms it. The QR code is drawn here, in the console's bundle only.
 */
export function EnrolStep({
  challenge,
  otpauthUri,
  secret,
  onSession,
  onStartAgain,
}: {
  challenge: string;
  otpauthUri: string;
  secret: string;
  onSession: (session: ConsoleSession) => void;
  onStartAgain: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Text fz="sm">{t('console.enrol.intro')}</Text>
      <Center>
        <Paper withBorder p="sm" bg="white" radius="md">
          <QRCodeSVG value={otpauthUri} size={184} marginSize={1} title={t('console.enrol.qr-label')} role="img" />
        </Paper>
      </Center>
      <Stack gap={4}>
        <Text fz="sm" fw={600} id="enrol-key-label">
          {t('console.enrol.key')}
        </Text>
        <Group gap="xs" wrap="nowrap" justify="space-between">
          <Code fz="md" dir="ltr" aria-labelledby="enrol-key-label" data-testid="totp-secret">
            {groupedSecret(secret)}
          </Code>
          <CopyButton value={secret}>
            {({ copied, copy }) => (
              <Button size="xs" variant="light" onClick={copy}>
                {copied ? t('console.copied') : t('console.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
      <details>
        <summary>
          <Text component="span" fz="sm">
            {t('console.enrol.uri')}
          </Text>
        </summary>
        <Code
          block
          dir="ltr"
          mt="xs"
          style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
          data-testid="otpauth-uri"
        >
          {otpauthUri}
        </Code>
      </details>
      <AppCodeForm
        challenge={challenge}
        label={t('console.enrol.code')}
        submitLabel={t('console.enrol.confirm')}
        onSession={onSession}
      />
      <Anchor component="button" type="button" fz="sm" c="dimmed" onClick={onStartAgain}>
        {t('console.sign-in.start-again')}
      </Anchor>
    </Stack>
  );
}
