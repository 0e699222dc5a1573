import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ApiClient } from '@riderdesk/domain/contracts/merchant-api';
import { type ApiKeyForm, ApiKeyFormSchema } from '@riderdesk/domain/validation/developer-forms';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useAddApiClientKey } from '../api/add-api-client-key.ts';
import { useErrorText } from '../hooks/use-error-text.ts';
import { useKeyPairMaker } from '../hooks/use-key-pair-maker.ts';
import { downloadPrivateKey } from '../key-pair.ts';
import { CredentialRadios, FormFooter, KeyDownloadedNotice } from './form-parts.tsx';
import { PublicKeyInput } from './public-key-input.tsx';
import { IdText } from './secret-once.tsx';

/** A rotation's new key is made here or uploaded; a secret is not rotated by a key. */
const ROTATION_CREDENTIALS = ['generate', 'upload'] as const;

/**
 * Rotation (decision 151): a new key lives beside the old one while the merchant's system switches; the old
 * one is then revoked from the client's card. At most two keys are live at once.
 */
export function RotateKeyDialog({ client, onClose }: { client: ApiClient; onClose: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const addKey = useAddApiClientKey();
  const form = useForm<ApiKeyForm>({
    defaultValues: { credential: 'generate', public_key_pem: '' },
    resolver: zodResolver(ApiKeyFormSchema),
    reValidateMode: 'onSubmit',
  });
  const [failure, setFailure] = useState<string | null>(null);
  const keyPair = useKeyPairMaker();
  const [added, setAdded] = useState<{ keyId: string; file: string | null } | null>(null);
  const credential = form.watch('credential');
  const before = new Set(client.keys.map((key) => key.key_id));

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    const pair = values.credential === 'generate' ? await keyPair.make() : null;
    if (values.credential === 'generate' && !pair) return setFailure(t('developers.clients.error.generate'));
    try {
      const publicKeyPem = pair?.publicKeyPem ?? values.public_key_pem;
      const updated = await addKey.mutateAsync({ clientId: client.client_id, publicKeyPem });
      const keyId = updated.keys.find((key) => !before.has(key.key_id))?.key_id ?? '';
      setAdded({ keyId, file: pair ? downloadPrivateKey(client.name, keyId, pair.privateKeyPem) : null });
    } catch (error) {
      setFailure(errorText(error, 'developers.clients.error.rotate'));
    }
  });

  const pemError = form.formState.errors.public_key_pem?.message;
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('developers.clients.rotate-title', { name: client.name })}
      size="lg"
      centered
    >
      {added ? (
        <Stack gap="md">
          <Text fz="sm">{t('developers.clients.rotated')}</Text>
          <IdText value={added.keyId} label={t('developers.clients.key-id')} />
          {added.file && <KeyDownloadedNotice file={added.file} />}
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('developers.done')}</Button>
          </Group>
        </Stack>
      ) : (
        <form noValidate onSubmit={submit} aria-label={t('developers.clients.rotate')}>
          <Stack gap="md">
            <Text fz="sm">{t('developers.clients.rotate-body')}</Text>
            <Controller
              control={form.control}
              name="credential"
              render={({ field }) => (
                <CredentialRadios
                  label={t('developers.clients.new-key')}
                  options={ROTATION_CREDENTIALS}
                  value={field.value}
                  onChange={field.onChange}
                />
              )}
            />
            {credential === 'upload' && (
              <Controller
                control={form.control}
                name="public_key_pem"
                render={({ field }) => (
                  <PublicKeyInput
                    value={field.value}
                    onChange={field.onChange}
                    error={pemError ? t(pemError) : undefined}
                  />
                )}
              />
            )}
            <FormFooter
              failure={failure}
              submitLabel={t('developers.clients.add-key')}
              isSaving={keyPair.isGenerating || addKey.isPending}
              onCancel={onClose}
            />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
