import { Alert, Button, Group, Modal, NumberInput, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { DESCRIPTION_MAX_LENGTH } from '@riderdesk/domain/constants';
import { latinDigits } from '@riderdesk/domain/digits';
import { currencyExponent, currencyLabel } from '@riderdesk/domain/money';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AUTO_DIRECTION } from '../../../shared/ui/auto-direction.ts';
import { PhoneText } from '../../../shared/ui/phone-text.tsx';
import { type OrderForm, parseAmount } from '../order-form.ts';
import { PhoneInput } from './phone-input.tsx';
import { type SectionStatus, StepSection } from './step-section.tsx';

/** The field's text with Latin digits, the caret where it was (each digit is one character either way). */
function writeLatinDigits(input: HTMLInputElement) {
  const latin = latinDigits(input.value);
  if (latin === input.value) return;
  const { selectionStart, selectionEnd } = input;
  input.value = latin;
  input.setSelectionRange(selectionStart, selectionEnd);
}

export type FieldErrors = Partial<Record<keyof OrderForm | 'other', string>>;

/** spec §2 customer details and item: validated with the spec §5 chain when the user continues. */
export function DetailsSection(props: {
  status: SectionStatus;
  form: UseFormReturn<OrderForm>;
  errors: FieldErrors;
  onFieldEdited: (field: keyof OrderForm) => void;
  countryCode: string;
  currency: string;
  onContinue: () => void;
  isHighValuePending: boolean;
  itemValueLimit: number;
  onConfirmHighValue: () => void;
  onCancelHighValue: () => void;
  onChange: () => void;
  summary: React.ReactNode;
  money: (amount: number) => string;
  /** Editing an order whose saved address (with its unit and building) is kept. */
  isSavedAddressKept?: boolean;
}) {
  const { t, i18n } = useTranslation();
  // The currency is read where the language writes it: before the amount in English, after it in Urdu.
  const isCurrencyAfter = i18n.language.startsWith('ur');
  const currency = (
    <Text fz="xs" c="dimmed" fw={600} style={{ whiteSpace: 'nowrap' }}>
      {currencyLabel(props.currency, i18n.language)}
    </Text>
  );
  const { form, errors } = props;
  const description = form.watch('description');
  const register = (field: keyof OrderForm) => form.register(field, { onChange: () => props.onFieldEdited(field) });

  return (
    <StepSection
      number={3}
      title={t('request.step.details')}
      status={props.status}
      lockedHint={t('request.step.locked-details')}
      summary={props.summary}
      onChange={props.onChange}
    >
      <form
        noValidate
        aria-label={t('request.step.details')}
        onSubmit={(event) => {
          event.preventDefault();
          props.onContinue();
        }}
      >
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={t('request.form.customer-name')}
              autoComplete="name"
              withAsterisk
              error={errors.customerName}
              {...register('customerName')}
            />
            <Controller
              control={form.control}
              name="phone"
              render={({ field }) => (
                <PhoneInput
                  label={t('request.form.phone.label')}
                  placeholder="0300 1234567"
                  withAsterisk
                  countryCode={props.countryCode}
                  value={field.value}
                  onChange={(value) => {
                    field.onChange(value);
                    props.onFieldEdited('phone');
                  }}
                  onBlur={field.onBlur}
                  error={errors.phone}
                />
              )}
            />
            <TextInput
              label={t('request.form.unit')}
              attributes={AUTO_DIRECTION}
              error={errors.unitNumber}
              readOnly={props.isSavedAddressKept}
              description={props.isSavedAddressKept ? t('request.form.part-of-saved-address') : undefined}
              {...register('unitNumber')}
            />
            <TextInput
              label={t('request.form.building')}
              attributes={AUTO_DIRECTION}
              readOnly={props.isSavedAddressKept}
              description={props.isSavedAddressKept ? t('request.form.part-of-saved-address') : undefined}
              {...register('building')}
            />
          </SimpleGrid>
          <Textarea
            label={t('request.form.rider-notes')}
            placeholder={t('request.form.rider-notes-placeholder')}
            autosize
            minRows={2}
            maxRows={5}
            error={errors.riderNotes}
            {...register('riderNotes')}
          />
          <Textarea
            label={t('request.form.description')}
            placeholder={t('request.form.description-placeholder')}
            autosize
            minRows={2}
            maxRows={5}
            description={
              <bdi dir="ltr">
                {Array.from(description ?? '').length} / {DESCRIPTION_MAX_LENGTH}
              </bdi>
            }
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            error={errors.description}
            {...register('description')}
          />
          <Controller
            control={form.control}
            name="amount"
            render={({ field }) => (
              // Digits only, grouped as the user types (1,850): no exponent, sign or letters get in.
              <NumberInput
                label={t('request.form.amount')}
                description={t('request.form.amount-hint')}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                withAsterisk
                inputMode="decimal"
                allowNegative={false}
                allowLeadingZeros={false}
                decimalScale={currencyExponent(props.currency)}
                thousandSeparator=","
                hideControls
                dir="ltr"
                // The digits read left to right in both languages. English reads 'PKR 1,850': the code
                // before the amount. Urdu reads '1,850 روپے' right to left: the amount (aligned right)
                // first, the word after it, to its left.
                leftSection={currency}
                leftSectionWidth={isCurrencyAfter ? 56 : 48}
                leftSectionPointerEvents="none"
                styles={isCurrencyAfter ? { input: { textAlign: 'right' } } : undefined}
                error={errors.amount}
                name={field.name}
                ref={field.ref}
                value={field.value}
                onBlur={field.onBlur}
                // Urdu and Arabic digits are read as the Latin ones before the field keeps only digits.
                onChangeCapture={(event) => writeLatinDigits(event.currentTarget)}
                onChange={(value) => {
                  field.onChange(String(value));
                  props.onFieldEdited('amount');
                }}
              />
            )}
          />
          {errors.other && (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
              {errors.other}
            </Alert>
          )}
          <Group justify="flex-end" mt="xs">
            <Button type="submit" size="md">
              {t('request.form.continue')}
            </Button>
          </Group>
        </Stack>
      </form>
      <Modal
        opened={props.isHighValuePending}
        onClose={props.onCancelHighValue}
        title={t('request.high-value.title')}
        centered
      >
        <Stack gap="md">
          <Text fz="sm">{t('request.high-value-warning')}</Text>
          <Text fz="sm" c="dimmed">
            {t('request.high-value.body', {
              amount: props.money(parseAmount(form.getValues('amount')) ?? 0),
              limit: props.money(props.itemValueLimit),
            })}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onCancelHighValue}>
              {t('request.high-value.cancel')}
            </Button>
            <Button onClick={props.onConfirmHighValue}>{t('request.high-value.confirm')}</Button>
          </Group>
        </Stack>
      </Modal>
    </StepSection>
  );
}

/** The details section once done: who receives what, and the item's value. */
export function DetailsSummary(props: { form: OrderForm; money: (amount: number) => string }) {
  const { form } = props;
  return (
    <Stack gap={2}>
      <Text fz="sm" fw={600}>
        {form.customerName} · <PhoneText phone={form.phone} />
      </Text>
      {form.description && (
        <Text fz="sm" c="dimmed" lineClamp={2}>
          {form.description}
        </Text>
      )}
      <Text fz="sm" c="dimmed">
        {props.money(parseAmount(form.amount) ?? 0)}
      </Text>
    </Stack>
  );
}
