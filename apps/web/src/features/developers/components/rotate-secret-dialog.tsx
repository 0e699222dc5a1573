import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import type { ApiClient, ApiClientSecretRotated } from '@riderdesk/domain/contracts/merchant-api';
import { PREVIOUS_SECRET_HOURS, type PreviousSecretHours } from '@riderdesk/domain/merchant-api/credentials';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRotateApiClientSecret } from '../api/rotate-api-client-secret.ts';
import { useErrorText } from '../hooks/use-error-text.ts';
import { useFormatTime } from '../hooks/use-format-time.ts';
import { FormFooter } from './form-parts.tsx';
import { SecretOnce } from './secret-once.tsx';

/**
 * Rotation of a client secret (decision 167): the new secret is shown once; the current one works on beside it
 * for the hours chosen (a day by default, at once when it may have leaked). A choice of a closed set: nothing to
 * validate, so no form library.
 */
export function RotateSecretDialog({ client, onClose }: { client: ApiClient; onClose: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const formatTime = useFormatTime();
  const rotate = useRotateApiClientSecret();
  const [hours, setHours] = useState<PreviousSecretHours>(PREVIOUS_SECRET_HOURS[0]);
  const [rotated, setRotated] = useState<ApiClientSecretRotated | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    rotate.mutate({ clientId: client.client_id, previousSecretHours: hours }, { onSuccess: setRotated });
  };

  const until = rotated?.client.previous_secret_expires_at ?? null;
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('developers.clients.rotate-secret-title', { name: client.name })}
      size="lg"
      centered
    >
      {rotated ? (
        <Stack gap="md">
          <SecretOnce label={t('developers.clients.secret')} value={rotated.client_secret} />
          <Text fz="sm">
            {until
              ? t('developers.clients.secret-rotated-until', { time: formatTime(until) })
              : t('developers.clients.secret-rotated-now')}
          </Text>
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('developers.done')}</Button>
          </Group>
        </Stack>
      ) : (
        <form noValidate onSubmit={submit} aria-label={t('developers.clients.rotate-secret')}>
          <Stack gap="md">
            <Text fz="sm">{t('developers.clients.rotate-secret-body')}</Text>
            <Radio.Group
              label={t('developers.clients.previous-secret')}
              value={String(hours)}
              onChange={(value) => setHours(Number(value) as PreviousSecretHours)}
            >
              <Stack gap="xs" mt="xs">
                {PREVIOUS_SECRET_HOURS.map((option) => (
                  <Radio
                    key={option}
                    value={String(option)}
                    label={t(`developers.clients.previous-secret-${option}`)}
                    description={t(`developers.clients.previous-secret-${option}-hint`)}
                  />
                ))}
              </Stack>
            </Radio.Group>
            <FormFooter
              failure={rotate.isError ? errorText(rotate.error, 'developers.clients.error.rotate-secret') : null}
              submitLabel={t('developers.clients.make-secret')}
              isSaving={rotate.isPending}
              onCancel={onClose}
            />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
