import { Button, FileButton, Group, Stack, Textarea } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A PEM public key, pasted or read from a file; the server checks that it is RSA 2048. */
export function PublicKeyInput({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | undefined;
  onChange: (pem: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Textarea
        label={t('developers.clients.public-key')}
        description={t('developers.clients.public-key-hint')}
        placeholder="-----BEGIN PUBLIC KEY-----"
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        error={error}
        autosize
        minRows={4}
        maxRows={10}
        dir="ltr"
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
      />
      <Group>
        <FileButton
          onChange={(file) => {
            if (file) void file.text().then(onChange);
          }}
          accept=".pem,.pub,.txt,application/x-pem-file,text/plain"
        >
          {(props) => (
            <Button {...props} variant="default" size="xs" leftSection={<IconUpload size={16} />}>
              {t('developers.clients.choose-file')}
            </Button>
          )}
        </FileButton>
      </Group>
    </Stack>
  );
}
