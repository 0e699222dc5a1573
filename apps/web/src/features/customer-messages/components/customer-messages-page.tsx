import {
  Alert,
  Badge,
  Button,
  Flex,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { LANGUAGE_NAMES } from '@riderdesk/domain/config';
import type {
  CustomerMessageSettings,
  CustomerMessageSettingsBody,
} from '@riderdesk/domain/contracts/customer-messages';
import type { Vendor } from '@riderdesk/domain/contracts/vendors';
import {
  MESSAGE_LANGUAGES,
  MESSAGE_TRIGGERS,
  type MessageChannel,
  type MessageKind,
  type MessageLanguage,
  type MessageTrigger,
} from '@riderdesk/domain/messaging/customer-messages';
import { CASH_CONFIRMATION_MINUTES } from '@riderdesk/domain/orders/cash-confirmation';
import { IconAlertTriangle, IconMessage2 } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../shared/api/describe-error.ts';
import { formatCount } from '../../../shared/format/format.ts';
import { notify } from '../../../shared/notify.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { useMessagePreviews } from '../api/get-message-previews.ts';
import { useMessageSettings } from '../api/get-message-settings.ts';
import { useSaveMessageSettings } from '../api/save-message-settings.ts';
import { fromQuietHours, QUIET_TIMES, toQuietHours } from '../quiet-hours.ts';

/** The waits the settings page offers a cash order's customer (decision 175). */
const CONFIRMATION_MINUTES = [5, 10, 15, 20, 30, 45, 60, 90, 120] as const;

/**
 * Settings → Customer messages (issue 37, decision 175): per outlet, which moments of a delivery the customer
 * hears of and on which channel, the language of customers who chose none, quiet hours; and every message as the
 * customer will read it, in English and Urdu.
 */
export function CustomerMessagesPage({
  vendors,
  vendorId,
  onVendorChange,
}: {
  vendors: readonly Vendor[];
  vendorId: string | null;
  onVendorChange: (vendorId: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const settings = useMessageSettings(vendorId);
  const options = [...vendors]
    .sort((a, b) => Number(b.is_parent) - Number(a.is_parent) || a.name.localeCompare(b.name))
    .map((vendor) => ({ value: vendor.vendor_id, label: `${vendor.name} (${vendor.vendor_id})` }));

  return (
    <>
      <PageHeader title={t('customer-messages.title')} description={t('customer-messages.description')} />
      <Stack gap="lg">
        <Select
          label={t('customer-messages.outlet')}
          data={options}
          value={vendorId}
          onChange={(value) => value && onVendorChange(value)}
          allowDeselect={false}
          searchable={options.length > 8}
          maw={480}
        />
        {settings.isError && (
          <Alert color="red" role="alert" icon={<IconAlertTriangle size={20} />}>
            {describeError(settings.error, t, 'customer-messages.error.load', (key) => i18n.exists(key))}
          </Alert>
        )}
        {settings.isPending && vendorId !== null && <Skeleton h={420} radius="lg" />}
        {settings.data && (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            {/* A new outlet or a saved change starts the form again from what the server holds. */}
            <SettingsForm key={`${settings.data.vendor_id}:${settings.data.updated_at}`} settings={settings.data} />
            <MessagePreviews
              vendorId={settings.data.vendor_id}
              triggers={settings.data.triggers}
              outletLanguage={settings.data.language}
              isCashConfirmationOn={settings.data.cash_confirmation_minutes !== null}
            />
          </SimpleGrid>
        )}
      </Stack>
    </>
  );
}

function SettingsForm({ settings }: { settings: CustomerMessageSettings }) {
  const { t, i18n } = useTranslation();
  const save = useSaveMessageSettings();
  const [form, setForm] = useState<CustomerMessageSettingsBody>({
    vendor_id: settings.vendor_id,
    triggers: settings.triggers,
    language: settings.language,
    quiet_hours: settings.quiet_hours,
    handover_pin_required: settings.handover_pin_required,
    cash_confirmation_minutes: settings.cash_confirmation_minutes,
  });
  const quiet = fromQuietHours(form.quiet_hours);
  const setTrigger = (trigger: MessageTrigger, change: Partial<{ enabled: boolean; channel: MessageChannel }>) =>
    setForm((current) => ({
      ...current,
      triggers: { ...current.triggers, [trigger]: { ...current.triggers[trigger], ...change } },
    }));
  const channelOptions = settings.channels.map((info) => ({
    value: info.channel,
    label: t(`customer-messages.channel.${info.channel}`),
    disabled: !info.is_available,
  }));
  // Saved, the form starts again from the answer (its key changes), so the success is told from the promise, which
  // outlives the form; a refusal keeps the form and shows its alert.
  const submit = () =>
    save.mutateAsync(form).then(
      () => notify({ tone: 'success', message: t('customer-messages.saved') }),
      () => undefined,
    );

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="message-settings">
      <Stack gap="lg">
        <Title order={2} fz="lg" id="message-settings">
          {t('customer-messages.when.title')}
        </Title>
        <Stack gap="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {MESSAGE_TRIGGERS.map((trigger) => {
            const setting = form.triggers[trigger];
            return (
              // On a phone the channels sit under every label alike, whatever the label's length in the language.
              <Flex
                component="li"
                key={trigger}
                direction={{ base: 'column', sm: 'row' }}
                justify="space-between"
                align={{ base: 'flex-start', sm: 'center' }}
                gap="sm"
                wrap="wrap"
              >
                <Switch
                  checked={setting.enabled}
                  onChange={(event) => setTrigger(trigger, { enabled: event.currentTarget.checked })}
                  label={t(`customer-messages.trigger.${trigger}`)}
                  description={t(`customer-messages.trigger-hint.${trigger}`)}
                  maw={320}
                />
                <SegmentedControl
                  size="xs"
                  value={setting.channel}
                  onChange={(channel) => setTrigger(trigger, { channel: channel as MessageChannel })}
                  data={channelOptions}
                  disabled={!setting.enabled}
                  aria-label={t('customer-messages.channel-of', { trigger: t(`customer-messages.trigger.${trigger}`) })}
                />
              </Flex>
            );
          })}
        </Stack>
        {settings.channels.some((info) => !info.is_available) && (
          <Text fz="xs" c="dimmed">
            {t('customer-messages.channels-off', {
              channels: settings.channels
                .filter((info) => !info.is_available)
                .map((info) => t(`customer-messages.channel.${info.channel}`))
                .join(', '),
            })}
          </Text>
        )}
        <Stack gap={6}>
          <Text fw={600} fz="sm" id="message-language">
            {t('customer-messages.language.label')}
          </Text>
          <SegmentedControl
            value={form.language}
            onChange={(language) => setForm((current) => ({ ...current, language: language as MessageLanguage }))}
            data={MESSAGE_LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] }))}
            aria-labelledby="message-language"
            maw={320}
          />
          <Text fz="xs" c="dimmed">
            {t('customer-messages.language.hint')}
          </Text>
        </Stack>
        <Stack gap={6}>
          <Switch
            checked={quiet !== null}
            onChange={(event) => {
              // Read before the update runs: React clears the event's target once the handler returns.
              const isOn = event.currentTarget.checked;
              setForm((current) => ({ ...current, quiet_hours: isOn ? toQuietHours('22:00', '08:00') : null }));
            }}
            label={t('customer-messages.quiet.label')}
            description={t('customer-messages.quiet.hint')}
          />
          {quiet && (
            <Group gap="sm" align="flex-end">
              <Select
                label={t('customer-messages.quiet.from')}
                data={QUIET_TIMES}
                value={quiet.from}
                onChange={(from) =>
                  from && setForm((current) => ({ ...current, quiet_hours: toQuietHours(from, quiet.to) }))
                }
                allowDeselect={false}
                w={120}
              />
              <Select
                label={t('customer-messages.quiet.to')}
                data={QUIET_TIMES}
                value={quiet.to}
                onChange={(to) =>
                  to && setForm((current) => ({ ...current, quiet_hours: toQuietHours(quiet.from, to) }))
                }
                allowDeselect={false}
                w={120}
              />
            </Group>
          )}
        </Stack>
        <Switch
          checked={form.handover_pin_required}
          onChange={(event) => {
            const isOn = event.currentTarget.checked;
            setForm((current) => ({ ...current, handover_pin_required: isOn }));
          }}
          label={t('customer-messages.pin.label')}
          description={t('customer-messages.pin.hint')}
        />
        <Stack gap={6}>
          <Switch
            checked={form.cash_confirmation_minutes !== null}
            onChange={(event) => {
              const isOn = event.currentTarget.checked;
              setForm((current) => ({
                ...current,
                cash_confirmation_minutes: isOn ? CASH_CONFIRMATION_MINUTES.default : null,
              }));
            }}
            label={t('customer-messages.cash.label')}
            description={t('customer-messages.cash.hint')}
          />
          {form.cash_confirmation_minutes !== null && (
            <Select
              label={t('customer-messages.cash.minutes')}
              data={CONFIRMATION_MINUTES.map((minutes) => ({ value: String(minutes), label: String(minutes) }))}
              value={String(form.cash_confirmation_minutes)}
              onChange={(minutes) =>
                minutes && setForm((current) => ({ ...current, cash_confirmation_minutes: Number(minutes) }))
              }
              allowDeselect={false}
              w={160}
            />
          )}
        </Stack>
        <Text fz="xs" c="dimmed">
          {t('customer-messages.cap', {
            count: settings.daily_cap,
            formatted: formatCount(settings.daily_cap, i18n.language),
          })}
        </Text>
        {save.isError && (
          <Alert color="red" role="alert" icon={<IconAlertTriangle size={20} />}>
            {describeError(save.error, t, 'customer-messages.error.save', (key) => i18n.exists(key))}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button onClick={submit} loading={save.isPending}>
            {t('customer-messages.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The texts the server writes, per language: what a customer reads, the outlet's name and the brand filled in. */
function MessagePreviews({
  vendorId,
  triggers,
  outletLanguage,
  isCashConfirmationOn,
}: {
  vendorId: string;
  triggers: CustomerMessageSettings['triggers'];
  /** The tab first shown: the language the outlet writes to its customers in. */
  outletLanguage: MessageLanguage;
  isCashConfirmationOn: boolean;
}) {
  const { t, i18n } = useTranslation();
  const previews = useMessagePreviews(vendorId);
  const [language, setLanguage] = useState<MessageLanguage>(outletLanguage);
  const isOn = (kind: MessageKind) =>
    kind === 'cash_confirmation' ? isCashConfirmationOn : triggers[kind as MessageTrigger].enabled;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="message-preview">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={2} fz="lg" id="message-preview">
            {t('customer-messages.preview.title')}
          </Title>
          <IconMessage2 size={20} aria-hidden color="var(--mantine-color-dimmed)" />
        </Group>
        <Tabs value={language} onChange={(value) => value && setLanguage(value as MessageLanguage)}>
          <Tabs.List>
            {MESSAGE_LANGUAGES.map((code) => (
              <Tabs.Tab key={code} value={code}>
                {LANGUAGE_NAMES[code]}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        {previews.isPending && <Skeleton h={280} />}
        {previews.isError && (
          <Alert color="red" role="alert">
            {describeError(previews.error, t, 'customer-messages.error.preview', (key) => i18n.exists(key))}
          </Alert>
        )}
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={LANGUAGE_NAMES[language]}>
          {(previews.data ?? [])
            .filter((preview) => preview.language === language)
            .map((preview) => (
              <Stack component="li" key={preview.kind} gap={4} opacity={isOn(preview.kind) ? 1 : 0.55}>
                <Group gap="xs">
                  <Text fz="xs" fw={700} c="dimmed" tt="uppercase">
                    {t(`customer-messages.trigger.${preview.kind}`)}
                  </Text>
                  {!isOn(preview.kind) && (
                    <Badge size="xs" variant="light" color="gray">
                      {t('customer-messages.preview.off')}
                    </Badge>
                  )}
                </Group>
                <Paper
                  radius="lg"
                  p="sm"
                  bg="gray.0"
                  dir={language === 'ur_alt' ? 'rtl' : 'ltr'}
                  lang={language === 'ur_alt' ? 'ur' : 'en'}
                  style={{ borderStartStartRadius: 4 }}
                >
                  <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
                    {preview.text}
                  </Text>
                </Paper>
              </Stack>
            ))}
        </Stack>
      </Stack>
    </Paper>
  );
}
