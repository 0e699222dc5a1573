import {
  Button,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { ConsoleVoucher } from '@riderdesk/domain/contracts/console-vouchers';
import { VOUCHER_TYPES, type VoucherType } from '@riderdesk/domain/contracts/vouchers';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../../shared/notify.ts';
import { useConsoleErrorText } from '../../shared/use-console-error-text.ts';
import { useCreateVoucher, useUpdateVoucher } from '../api/change-voucher.ts';
import { useVendorChoices } from '../api/get-vendor-choices.ts';
import { checkVoucherForm, EMPTY_VOUCHER_FORM, formOfVoucher, type VoucherForm } from '../voucher-form.ts';

const numberOf = (value: string | number): number | '' => (typeof value === 'number' ? value : '');

/** A new voucher, or a voucher's settings (its code stays: its uses are counted by it). */
export function VoucherDialog({
  voucher,
  currency,
  timeZone,
  onClose,
}: {
  voucher: ConsoleVoucher | null;
  currency: string;
  timeZone: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useConsoleErrorText();
  const create = useCreateVoucher();
  const update = useUpdateVoucher();
  const choices = useVendorChoices();
  const isNew = voucher === null;
  const [form, setForm] = useState<VoucherForm>(() => (voucher ? formOfVoucher(voucher) : EMPTY_VOUCHER_FORM));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof VoucherForm>(field: K, value: VoucherForm[K]) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  };
  const errorOf = (field: keyof VoucherForm) => (errors[field] ? t(errors[field]) : undefined);
  const title = isNew ? t('console.vouchers.new') : t('console.vouchers.edit-title', { code: voucher.code });

  const onError = (error: unknown) => notify({ message: errorText(error), tone: 'error' });
  const submit = () => {
    if (isNew) {
      const checked = checkVoucherForm(form, true);
      if (checked.errors) return setErrors(checked.errors);
      create.mutate(checked.body, {
        onSuccess: (saved) => {
          notify({ message: t('console.vouchers.created', { code: saved.code }), tone: 'success' });
          onClose();
        },
        onError,
      });
      return;
    }
    const checked = checkVoucherForm(form, false);
    if (checked.errors) return setErrors(checked.errors);
    update.mutate(
      { code: voucher.code, body: checked.body },
      {
        onSuccess: (saved) => {
          notify({ message: t('console.vouchers.saved', { code: saved.code }), tone: 'success' });
          onClose();
        },
        onError,
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={title} size="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        noValidate
      >
        <Stack gap="sm">
          {isNew && (
            <TextInput
              label={t('console.vouchers.code')}
              description={t('console.vouchers.code-hint')}
              value={form.code}
              onChange={(event) => set('code', event.currentTarget.value)}
              error={errorOf('code')}
              dir="ltr"
              maxLength={32}
              required
            />
          )}
          <Stack gap={4}>
            <Text fz="sm" fw={500} id="voucher-type-label">
              {t('console.vouchers.type')}
            </Text>
            <SegmentedControl
              aria-labelledby="voucher-type-label"
              data={VOUCHER_TYPES.map((type) => ({ value: type, label: t(`console.vouchers.types.${type}`) }))}
              value={form.type}
              onChange={(value) => set('type', value as VoucherType)}
            />
          </Stack>
          {form.type !== 'deliveryFee' && (
            <NumberInput
              label={
                form.type === 'amount'
                  ? t('console.vouchers.value-amount', { currency })
                  : t('console.vouchers.value-percentage')
              }
              value={form.value}
              onChange={(value) => set('value', numberOf(value))}
              error={errorOf('value')}
              min={0}
              max={form.type === 'percentage' ? 100 : undefined}
              required
            />
          )}
          <TextInput
            label={t('console.vouchers.description-label')}
            value={form.description}
            onChange={(event) => set('description', event.currentTarget.value)}
            maxLength={200}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              type="datetime-local"
              label={t('console.vouchers.valid-from')}
              value={form.valid_from}
              onChange={(event) => set('valid_from', event.currentTarget.value)}
              error={errorOf('valid_from')}
            />
            <TextInput
              type="datetime-local"
              label={t('console.vouchers.valid-until')}
              value={form.valid_until}
              onChange={(event) => set('valid_until', event.currentTarget.value)}
              error={errorOf('valid_until')}
            />
          </SimpleGrid>
          <Text fz="xs" c="dimmed" mt={-6}>
            {t('console.vouchers.window-hint', { zone: timeZone })}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <NumberInput
              label={t('console.vouchers.max-uses')}
              description={t('console.vouchers.limit-hint')}
              value={form.max_uses}
              onChange={(value) => set('max_uses', numberOf(value))}
              error={errorOf('max_uses')}
              min={1}
              allowDecimal={false}
            />
            <NumberInput
              label={t('console.vouchers.max-uses-per-vendor')}
              description={t('console.vouchers.limit-hint')}
              value={form.max_uses_per_vendor}
              onChange={(value) => set('max_uses_per_vendor', numberOf(value))}
              error={errorOf('max_uses_per_vendor')}
              min={1}
              allowDecimal={false}
            />
            <NumberInput
              label={t('console.vouchers.min-order', { currency })}
              description={t('console.vouchers.min-order-hint')}
              value={form.min_order_value}
              onChange={(value) => set('min_order_value', numberOf(value))}
              error={errorOf('min_order_value')}
              min={0}
            />
          </SimpleGrid>
          <MultiSelect
            label={t('console.vouchers.vendors')}
            description={t('console.vouchers.vendors-hint')}
            placeholder={form.vendor_ids.length === 0 ? t('console.vouchers.vendors-placeholder') : undefined}
            data={[
              ...(choices.data ?? []),
              ...form.vendor_ids
                .filter((id) => !(choices.data ?? []).some((choice) => choice.value === id))
                .map((id) => ({ value: id, label: id })),
            ]}
            value={form.vendor_ids}
            onChange={(value) => set('vendor_ids', value)}
            error={errorOf('vendor_ids')}
            searchable
            clearable
            maxValues={200}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t('console.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {isNew ? t('console.vouchers.create') : t('console.vouchers.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
