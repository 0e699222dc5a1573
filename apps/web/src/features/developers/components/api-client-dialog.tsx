import { Button, Checkbox, Group, Modal, Radio, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { Vendor } from '@riderdesk/domain/contracts/vendors';
import { API_CLIENT_CREDENTIALS } from '@riderdesk/domain/validation/developer-forms';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ownerVendors, vendorTree } from '../developer-vendors.ts';
import { type ApiClientCreatedView, useApiClientForm } from '../hooks/use-api-client-form.ts';
import { CredentialRadios, FormFooter, KeyDownloadedNotice } from './form-parts.tsx';
import { PublicKeyInput } from './public-key-input.tsx';
import { IdText, SecretOnce } from './secret-once.tsx';

/** New API client: owner, name, how it proves itself, and the outlets it acts for; then its ids, shown once. */
export function ApiClientDialog({
  vendors,
  initialVendorId,
  onClose,
}: {
  vendors: readonly Vendor[];
  initialVendorId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { form, submit, created, failure, isSaving, errorOf } = useApiClientForm(initialVendorId);
  const owners = ownerVendors(vendors);
  const vendorId = form.watch('vendor_id');
  const credential = form.watch('credential');
  const scope = form.watch('scope');
  const tree = vendorTree(vendors, vendorId);
  return (
    <Modal
      opened
      onClose={onClose}
      title={created ? t('developers.clients.created-title') : t('developers.clients.new')}
      size="lg"
      centered
    >
      {created ? (
        <CreatedClient created={created} onClose={onClose} />
      ) : (
        <form noValidate onSubmit={submit} aria-label={t('developers.clients.new')}>
          <Stack gap="md">
            {owners.length > 1 && (
              <Controller
                control={form.control}
                name="vendor_id"
                render={({ field }) => (
                  <Select
                    label={t('developers.vendor')}
                    data={owners.map((vendor) => ({ value: vendor.vendor_id, label: vendor.name }))}
                    value={field.value || null}
                    onChange={(value) => {
                      field.onChange(value ?? '');
                      form.setValue('outlet_ids', []);
                    }}
                    error={errorOf('vendor_id')}
                    allowDeselect={false}
                    comboboxProps={{ withinPortal: false }}
                  />
                )}
              />
            )}
            <TextInput
              label={t('developers.clients.name')}
              description={t('developers.clients.name-hint')}
              maxLength={100}
              error={errorOf('name')}
              data-autofocus
              {...form.register('name')}
            />
            <Controller
              control={form.control}
              name="credential"
              render={({ field }) => (
                <CredentialRadios
                  label={t('developers.clients.credential')}
                  options={API_CLIENT_CREDENTIALS}
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
                  <PublicKeyInput value={field.value} onChange={field.onChange} error={errorOf('public_key_pem')} />
                )}
              />
            )}
            <Controller
              control={form.control}
              name="scope"
              render={({ field }) => (
                <Radio.Group label={t('developers.clients.scope')} value={field.value} onChange={field.onChange}>
                  <Group gap="lg" mt="xs">
                    <Radio value="all" label={t('developers.clients.scope-all')} />
                    <Radio value="outlets" label={t('developers.clients.scope-outlets')} />
                  </Group>
                </Radio.Group>
              )}
            />
            {scope === 'outlets' && (
              <Controller
                control={form.control}
                name="outlet_ids"
                render={({ field }) => (
                  <Checkbox.Group
                    label={t('developers.clients.outlets')}
                    value={field.value}
                    onChange={field.onChange}
                    error={errorOf('outlet_ids')}
                  >
                    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt="xs">
                      {tree.map((vendor) => (
                        <Checkbox key={vendor.vendor_id} value={vendor.vendor_id} label={vendor.name} />
                      ))}
                    </SimpleGrid>
                  </Checkbox.Group>
                )}
              />
            )}
            <FormFooter
              failure={failure}
              submitLabel={t('developers.clients.create')}
              isSaving={isSaving}
              onCancel={onClose}
            />
          </Stack>
        </form>
      )}
    </Modal>
  );
}

function CreatedClient({ created, onClose }: { created: ApiClientCreatedView; onClose: () => void }) {
  const { t } = useTranslation();
  const keyId = created.client.keys[0]?.key_id;
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Text fz="sm" fw={600}>
          {t('developers.clients.client-id')}
        </Text>
        <IdText value={created.client.client_id} label={t('developers.clients.client-id')} />
      </Stack>
      {keyId && (
        <Stack gap={4}>
          <Text fz="sm" fw={600}>
            {t('developers.clients.key-id')}
          </Text>
          <IdText value={keyId} label={t('developers.clients.key-id')} />
        </Stack>
      )}
      {created.secret && <SecretOnce label={t('developers.clients.secret')} value={created.secret} />}
      {created.privateKeyFile && <KeyDownloadedNotice file={created.privateKeyFile} />}
      <Group justify="flex-end">
        <Button onClick={onClose}>{t('developers.done')}</Button>
      </Group>
    </Stack>
  );
}
