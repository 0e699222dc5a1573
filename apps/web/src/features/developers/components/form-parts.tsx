import { Alert, Button, Group, Radio, Stack, Text } from '@mantine/core';
import type { ApiClientCredential } from '@riderdesk/domain/validation/developer-forms';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** How a client proves itself: each way with what it means. */
export function CredentialRadios({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly ApiClientCredential[];
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Radio.Group label={label} value={value} onChange={onChange}>
      <Stack gap="xs" mt="xs">
        {options.map((option) => (
          <Radio
            key={option}
            value={option}
            label={t(`developers.clients.credential-${option}`)}
            description={t(`developers.clients.credential-${option}-hint`)}
          />
        ))}
      </Stack>
    </Radio.Group>
  );
}

/** The private key went to the browser's downloads, once: where, and that no copy is kept. */
export function KeyDownloadedNotice({ file }: { file: string }) {
  const { t } = useTranslation();
  return (
    <Alert color="blue" variant="light" icon={<IconDownload size={20} />} title={t('developers.clients.downloaded')}>
      <Text fz="sm">
        {t('developers.clients.downloaded-body')} <bdi dir="ltr">{file}</bdi>
      </Text>
    </Alert>
  );
}

/** A dialog form's end: what went wrong, if anything, then Cancel and the form's action. */
export function FormFooter({
  failure,
  submitLabel,
  isSaving,
  onCancel,
}: {
  failure: string | null;
  submitLabel: string;
  isSaving: boolean;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('developers.cancel')}
        </Button>
        <Button type="submit" loading={isSaving}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}
