import { Button, Checkbox, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { languageName, SUPPORTED_LANGUAGES } from '@riderdesk/domain/config';
import type { Vendor } from '@riderdesk/domain/contracts/vendors';
import type { WebhookEndpoint } from '@riderdesk/domain/contracts/webhooks';
import { WEBHOOK_EVENT_TYPES } from '@riderdesk/domain/webhook-events';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../shared/config/config-context.tsx';
import { ownerVendors } from '../developer-vendors.ts';
import { useWebhookForm } from '../hooks/use-webhook-form.ts';
import { FormFooter } from './form-parts.tsx';
import { SecretOnce } from './secret-once.tsx';

/** Add or edit a webhook endpoint: its URL, the events it receives, the language of its e-mails. */
export function WebhookEndpointDialog({
  vendors,
  editing,
  initialVendorId,
  onClose,
}: {
  vendors: readonly Vendor[];
  editing: WebhookEndpoint | null;
  initialVendorId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const config = useConfig();
  const { form, submit, secret, failure, isSaving, errorOf } = useWebhookForm(editing, initialVendorId, onClose);
  const owners = ownerVendors(vendors);
  const languages = SUPPORTED_LANGUAGES.filter((code) => config.languages.includes(code));
  const title = secret
    ? t('developers.webhooks.created-title')
    : editing
      ? t('developers.webhooks.edit')
      : t('developers.webhooks.new');
  return (
    <Modal opened onClose={onClose} title={title} size="lg" centered>
      {secret ? (
        <Stack gap="md">
          <SecretOnce label={t('developers.webhooks.secret')} value={secret} />
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('developers.done')}</Button>
          </Group>
        </Stack>
      ) : (
        <form noValidate onSubmit={submit} aria-label={title}>
          <Stack gap="md">
            {!editing && owners.length > 1 && (
              <Controller
                control={form.control}
                name="vendor_id"
                render={({ field }) => (
                  <Select
                    label={t('developers.vendor')}
                    data={owners.map((vendor) => ({ value: vendor.vendor_id, label: vendor.name }))}
                    value={field.value || null}
                    onChange={(value) => field.onChange(value ?? '')}
                    error={errorOf('vendor_id')}
                    allowDeselect={false}
                    comboboxProps={{ withinPortal: false }}
                  />
                )}
              />
            )}
            <TextInput
              label={t('developers.webhooks.url')}
              description={t(
                config.environment === 'prd' ? 'developers.webhooks.url-hint-prd' : 'developers.webhooks.url-hint',
              )}
              placeholder="https://"
              type="url"
              dir="ltr"
              error={errorOf('url')}
              data-autofocus
              {...form.register('url')}
            />
            <Controller
              control={form.control}
              name="events"
              render={({ field }) => (
                <Checkbox.Group
                  label={t('developers.webhooks.events')}
                  value={field.value}
                  onChange={(value) => field.onChange(value)}
                  error={errorOf('events')}
                >
                  <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt="xs">
                    {WEBHOOK_EVENT_TYPES.map((event) => (
                      <Checkbox
                        key={event}
                        value={event}
                        label={t(`developers.webhooks.event.${event}`)}
                        description={<bdi dir="ltr">{event}</bdi>}
                      />
                    ))}
                  </SimpleGrid>
                </Checkbox.Group>
              )}
            />
            <Controller
              control={form.control}
              name="lang"
              render={({ field }) => (
                <Select
                  label={t('developers.webhooks.language')}
                  description={t('developers.webhooks.language-hint')}
                  data={languages.map((code) => ({ value: code, label: languageName(code) }))}
                  value={field.value}
                  onChange={(value) => value && field.onChange(value)}
                  allowDeselect={false}
                  comboboxProps={{ withinPortal: false }}
                />
              )}
            />
            <FormFooter
              failure={failure}
              submitLabel={editing ? t('developers.save') : t('developers.webhooks.create')}
              isSaving={isSaving}
              onCancel={onClose}
            />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
