import '@mantine/dates/styles.css';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Radio,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { TimePicker } from '@mantine/dates';
import { ASAP_MINUTES, type PaymentMethod, PREORDER_WINDOW_DAYS, VAT_NUMBER_LENGTH } from '@riderdesk/domain/constants';
import type { Voucher } from '@riderdesk/domain/contracts/vouchers';
import { firstPreorderSlot } from '@riderdesk/domain/orders/preorder-window';
import { joinForReader } from '@riderdesk/domain/text/list-join';
import {
  IconAlertTriangle,
  IconCash,
  IconCircleCheck,
  IconCreditCard,
  IconReceipt,
  IconTicket,
  IconX,
} from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { daysFromToday, formatDay } from '../../../shared/format/format.ts';
import type { OrderForm } from '../order-form.ts';
import { preorderDays, wallTimeInZone } from '../wall-time.ts';
import type { FieldErrors } from './details-section.tsx';
import { type SectionStatus, StepSection } from './step-section.tsx';

const METHOD_ICONS: Partial<Record<PaymentMethod, typeof IconCash>> = {
  CASH_ON_DELIVERY: IconCash,
  PAID: IconReceipt,
  ONLINE_PAYMENT: IconCreditCard,
};

/**
 * The hour and minute fields of the time picker, wide enough for two digits in any page: Mantine sizes them
 * at exactly two '0' widths of the page's font, and an Urdu page's Naskh font draws Latin digits from another
 * face, so "04:00" showed as "04:0". The digits are set in the Latin interface font, with room to spare.
 */
const TIME_FIELD_STYLES = {
  field: { width: 'calc(2ch + 1em)', fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
} as const;

/** The voucher field (spec §6 Voucher flag): a code to apply, or the one applied with its discount. */
export type VoucherFieldModel = {
  applied: Voucher | null;
  /** The discount as the merchant reads it, while a voucher is applied. */
  discount: string | null;
  error: string | undefined;
  isApplying: boolean;
  onApply: (code: string) => void;
  onRemove: () => void;
};

/** What the payment section shows and does, apart from the form it binds. */
export type PaymentSectionModel = {
  status: SectionStatus;
  methods: readonly PaymentMethod[];
  timing: {
    /** A later delivery time may be chosen. */
    isPreOrderOn: boolean;
    /** The service is closed now: the delivery can only be scheduled for its next open slots. */
    isLaterOnly: boolean;
    timeZone: string;
    /** The country's service hours (spec §5), for the first time a pre-order can be due. */
    serviceHours: string | null;
  };
  /** Null where no voucher is offered (the flag is off, or an order is being edited). */
  voucher: VoucherFieldModel | null;
  isVatOn: boolean;
  submission: {
    isSubmitting: boolean;
    isEditing: boolean;
    error: string | null;
    onBack: () => void;
    onSubmit: () => void;
  };
};

/** The order form the details and payment sections bind (hooks/use-order-form.ts). */
export type OrderFormBinding = {
  form: UseFormReturn<OrderForm>;
  errors: FieldErrors;
  onFieldEdited: (field: keyof OrderForm) => void;
};

function VoucherField(props: VoucherFieldModel) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  if (props.applied) {
    return (
      <Alert
        variant="light"
        color="teal"
        icon={<IconCircleCheck size={18} />}
        title={t('request.voucher.applied', { code: props.applied.code, discount: props.discount ?? '' })}
        withCloseButton
        closeButtonLabel={t('request.voucher.remove')}
        onClose={props.onRemove}
      />
    );
  }
  return (
    <Group align="flex-start" gap="xs" wrap="nowrap">
      <TextInput
        label={t('request.voucher.label')}
        leftSection={<IconTicket size={16} />}
        value={code}
        onChange={(event) => setCode(event.currentTarget.value.toUpperCase())}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            if (code.trim()) props.onApply(code.trim());
          }
        }}
        error={props.error}
        style={{ flex: 1 }}
        dir="ltr"
      />
      <Button
        variant="light"
        mt={25}
        loading={props.isApplying}
        disabled={!code.trim()}
        onClick={() => props.onApply(code.trim())}
      >
        {t('request.voucher.apply')}
      </Button>
    </Group>
  );
}

/**
 * A click in the hours or minutes selects the whole field, so typed digits replace it. Left to the browser, a
 * click in an already focused field put the caret between its digits: 3 typed into "30" read "330", which the
 * field took as 0, and 3 then 0 gave "00".
 */
const selectWholeField = {
  onMouseDown: (event: React.MouseEvent<HTMLInputElement>) => {
    event.stopPropagation();
    event.preventDefault();
    event.currentTarget.focus();
    event.currentTarget.select();
  },
};

/** spec §2 payment method, delivery time, voucher and VAT number, then the request itself. */
export function PaymentSection(props: {
  model: PaymentSectionModel;
  binding: OrderFormBinding;
  /** The card step, while card payment is the chosen method. */
  cardStep?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const { form, errors, onFieldEdited } = props.binding;
  const { status, methods, timing, submission } = props.model;
  const deliveryTime = form.watch('deliveryTime');
  const now = Date.now();
  const days = preorderDays(now, timing.timeZone).map((day) => {
    const relative = daysFromToday(day.noon, now, timing.timeZone);
    const name =
      relative === 0
        ? t('tracking.day.today')
        : relative === 1
          ? t('tracking.day.tomorrow')
          : formatDay(day.noon, timing.timeZone, i18n.language);
    return {
      value: day.date,
      label:
        relative > 1 ? name : joinForReader([name, formatDay(day.noon, timing.timeZone, i18n.language)], i18n.language),
    };
  });
  const chooseLater = () => {
    if (form.getValues('scheduledAt')) return;
    const slot = firstPreorderSlot(now, timing.serviceHours, timing.timeZone);
    if (slot) form.setValue('scheduledAt', wallTimeInZone(slot.getTime(), timing.timeZone));
  };
  // Closed now, the section opens on the first open slot rather than on a time that would be refused.
  const isLaterOnly = timing.isLaterOnly && status === 'active';
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the section opens while closed.
  useEffect(() => {
    if (!isLaterOnly || form.getValues('deliveryTime') === 'LATER') return;
    form.setValue('deliveryTime', 'LATER');
    chooseLater();
  }, [isLaterOnly]);

  return (
    <StepSection
      number={4}
      title={t('request.step.payment')}
      status={status}
      lockedHint={t('request.step.locked-payment')}
    >
      <form
        noValidate
        aria-label={t('request.step.payment')}
        onSubmit={(event) => {
          event.preventDefault();
          submission.onSubmit();
        }}
      >
        <Stack gap="lg">
          {methods.length === 0 ? (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
              {t('error.no-payment-method-available')}
            </Alert>
          ) : (
            <Controller
              control={form.control}
              name="paymentMethod"
              render={({ field }) => (
                <Radio.Group
                  label={t('request.payment.method')}
                  value={field.value}
                  onChange={(value) => {
                    field.onChange(value);
                    onFieldEdited('paymentMethod');
                  }}
                  error={errors.paymentMethod}
                >
                  <SimpleGrid cols={{ base: 1, xs: methods.length > 1 ? 2 : 1 }} spacing="sm" mt={6}>
                    {methods.map((method) => {
                      const Icon = METHOD_ICONS[method] ?? IconCash;
                      return (
                        <Radio.Card key={method} value={method} radius="md" p="md" withBorder>
                          <Group wrap="nowrap" align="flex-start" gap="sm">
                            <Radio.Indicator />
                            <Icon size={20} style={{ flexShrink: 0 }} aria-hidden />
                            <Stack gap={2}>
                              <Text fw={600} fz="sm">
                                {t(`request.payment.${method}`)}
                              </Text>
                              <Text fz="xs" c="dimmed">
                                {t(`request.payment.${method}-hint`)}
                              </Text>
                            </Stack>
                          </Group>
                        </Radio.Card>
                      );
                    })}
                  </SimpleGrid>
                </Radio.Group>
              )}
            />
          )}

          {props.cardStep}

          <Stack gap={6}>
            <Text fz="sm" fw={500} id="delivery-time-label">
              {t('request.time.label')}
            </Text>
            <Controller
              control={form.control}
              name="deliveryTime"
              render={({ field }) => (
                <SegmentedControl
                  aria-labelledby="delivery-time-label"
                  fullWidth
                  value={field.value}
                  onChange={(value) => {
                    field.onChange(value);
                    // spec §4 later delivery: start at the first time the service can deliver, not midnight.
                    if (value === 'LATER') chooseLater();
                  }}
                  data={[
                    ...(timing.isLaterOnly ? [] : [{ value: 'ASAP', label: t('request.time.asap') }]),
                    ...(timing.isPreOrderOn || timing.isLaterOnly
                      ? [{ value: 'LATER', label: t('request.time.later') }]
                      : []),
                  ]}
                />
              )}
            />
            {deliveryTime === 'ASAP' ? (
              <Text fz="xs" c="dimmed">
                {t('request.time.asap-hint', { minutes: ASAP_MINUTES })}
              </Text>
            ) : (
              <Controller
                control={form.control}
                name="scheduledAt"
                render={({ field }) => {
                  const [day = '', time = ''] = (field.value ?? '').split(' ');
                  const change = (nextDay: string, nextTime: string) => {
                    field.onChange(nextDay && nextTime ? `${nextDay} ${nextTime.slice(0, 5)}:00` : null);
                    onFieldEdited('scheduledAt');
                  };
                  return (
                    <Stack gap={4}>
                      <Group gap="sm" align="flex-start" grow>
                        <Select
                          label={t('request.time.day')}
                          data={days}
                          value={day || null}
                          onChange={(value) => change(value ?? '', time)}
                          allowDeselect={false}
                          comboboxProps={{ withinPortal: true }}
                        />
                        {/* Typed as 1430 or picked: hours then minutes, on the 24-hour clock. */}
                        <TimePicker
                          label={t('request.time.time')}
                          format="24h"
                          value={time.slice(0, 5)}
                          onChange={(value) => change(day, value)}
                          hoursInputProps={selectWholeField}
                          minutesInputProps={selectWholeField}
                          hoursInputLabel={t('request.time.hours')}
                          minutesInputLabel={t('request.time.minutes')}
                          dir="ltr"
                          styles={TIME_FIELD_STYLES}
                          error={Boolean(errors.scheduledAt)}
                        />
                      </Group>
                      <Text
                        fz="xs"
                        c={errors.scheduledAt ? 'red' : 'dimmed'}
                        role={errors.scheduledAt ? 'alert' : undefined}
                      >
                        {errors.scheduledAt ??
                          t('request.time.pick-hint', { days: PREORDER_WINDOW_DAYS, zone: timing.timeZone })}
                      </Text>
                    </Stack>
                  );
                }}
              />
            )}
          </Stack>

          {props.model.voucher && <VoucherField {...props.model.voucher} />}

          {props.model.isVatOn && (
            <TextInput
              label={t('request.vat.label')}
              description={t('request.vat.hint', { length: VAT_NUMBER_LENGTH })}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              maxLength={VAT_NUMBER_LENGTH}
              dir="ltr"
              error={errors.vatNumber}
              {...form.register('vatNumber', { onChange: () => onFieldEdited('vatNumber') })}
            />
          )}

          <Checkbox label={t('request.age.label')} {...form.register('isAgeValidationRequired')} />
          {!submission.isEditing && (
            <Checkbox
              label={t('request.handover-pin.label')}
              description={t('request.handover-pin.hint')}
              {...form.register('isHandoverPinRequired')}
            />
          )}

          {submission.error && (
            <Alert color="red" variant="light" icon={<IconX size={18} />} role="alert">
              {submission.error}
            </Alert>
          )}

          <Group justify="space-between">
            <Button variant="default" onClick={submission.onBack} disabled={submission.isSubmitting}>
              {t('request.back')}
            </Button>
            <Button type="submit" size="md" loading={submission.isSubmitting} disabled={methods.length === 0}>
              {submission.isEditing ? t('request.submit-update') : t('request.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </StepSection>
  );
}
