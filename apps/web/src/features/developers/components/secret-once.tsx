import { ActionIcon, Alert, Code, CopyButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A secret the server answers once (client secret, signing secret): shown here, with a copy button, never again. */
export function SecretOnce({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation();
  return (
    <Alert color="yellow" variant="light" icon={<IconLock size={20} />} title={label}>
      <Stack gap="xs">
        <Text fz="sm">{t('developers.secret.once')}</Text>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Code
            block
            dir="ltr"
            fz="sm"
            style={{ flex: 1, minWidth: 0, wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
          >
            {value}
          </Code>
          <CopyButton value={value}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? t('developers.copied') : t('developers.copy')} withArrow>
                <ActionIcon
                  variant={copied ? 'filled' : 'light'}
                  color={copied ? 'teal' : undefined}
                  size="lg"
                  onClick={copy}
                  aria-label={t('developers.copy-label', { label })}
                >
                  {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </Alert>
  );
}

/** An identifier that may be long (a UUID, a URL): left to right in every language, wrapped anywhere on phones. */
export function IdText({ value, label }: { value: string; label?: string }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap" align="center" miw={0}>
      <Code dir="ltr" fz="xs" style={{ minWidth: 0, wordBreak: 'break-all' }}>
        {value}
      </Code>
      {label && (
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <ActionIcon
              variant="subtle"
              color={copied ? 'teal' : 'gray'}
              size="sm"
              onClick={copy}
              aria-label={t('developers.copy-label', { label })}
            >
              {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
            </ActionIcon>
          )}
        </CopyButton>
      )}
    </Group>
  );
}
