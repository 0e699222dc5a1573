import { Alert, Button, CopyButton, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { recoveryCodesText } from '../sign-in-flow.ts';

/** The recovery codes, shown once: to copy or download before the console opens. */
export function RecoveryCodesStep({
  codes,
  account,
  serviceName,
  onKept,
}: {
  codes: readonly string[];
  account: string;
  serviceName: string;
  onKept: () => void;
}) {
  const { t } = useTranslation();
  const text = recoveryCodesText(codes, account, serviceName);
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'console-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack gap="md">
      <Alert color="yellow" variant="light">
        {t('console.recovery.intro')}
      </Alert>
      <SimpleGrid cols={2} spacing="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} dir="ltr">
        {codes.map((code) => (
          <Text component="li" key={code} ff="monospace" fz="md" ta="center" data-testid="recovery-code">
            {code}
          </Text>
        ))}
      </SimpleGrid>
      <Group grow>
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <Button variant="light" onClick={copy}>
              {copied ? t('console.copied') : t('console.recovery.copy')}
            </Button>
          )}
        </CopyButton>
        <Button variant="light" leftSection={<IconDownload size={16} />} onClick={download}>
          {t('console.recovery.download')}
        </Button>
      </Group>
      <Button onClick={onKept}>{t('console.recovery.kept')}</Button>
    </Stack>
  );
}
