import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Anchor,
  Button,
  PasswordInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import { REGISTRATION_LINK_TTL_HOURS, VAT_NUMBER_LENGTH } from '@riderdesk/domain/constants';
import type { RegisterBody } from '@riderdesk/domain/contracts/auth';
import { paths } from '@riderdesk/domain/paths';
import { type RegisterForm, RegisterFormSchema } from '@riderdesk/domain/validation/account-forms';
import { normaliseVatNumber } from '@riderdesk/domain/validation/vat-number';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiRequestError } from '../../../shared/api/api-error.ts';
import { describeError } from '../../../shared/api/describe-error.ts';
import { useConfig } from '../../../shared/config/config-context.tsx';
import { useRegister } from '../api/register.ts';
import { AuthCard } from './auth-card.tsx';
import { PasswordRules } from './password-rules.tsx';

type RegistrationType = RegisterBody['registration_type'];

/** The form's field for each field the server names in a refusal (contracts/auth.ts RegisterBody). */
const FORM_FIELD_OF: Readonly<Record<string, keyof RegisterForm>> = {
  vendor_code: 'vendorCode',
  vendor_email: 'vendorEmail',
  business_name: 'businessName',
  mobile_number: 'mobileNumber',
  vat_number: 'vatNumber',
  email_address: 'email',
  password: 'password',
};

const EMPTY: RegisterForm = {
  registrationType: 'PV',
  vendorCode: '',
  vendorEmail: '',
  businessName: '',
  mobileNumber: '',
  vatNumber: '',
  email: '',
  password: '',
  confirmation: '',
};

export function RegisterPage() {
  const { t, i18n } = useTranslation();
  const config = useConfig();
  const registerMutation = useRegister();
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    clearErrors,
    setError: setFieldError,
    formState,
  } = useForm<RegisterForm>({
    defaultValues: EMPTY,
    resolver: zodResolver(RegisterFormSchema),
    // A field's error shows until the field is edited, not re-checked as the user types.
    reValidateMode: 'onSubmit',
  });
  const password = watch('password');
  const type = watch('registrationType');
  const field = (name: keyof RegisterForm) => register(name, { onChange: () => clearErrors(name) });
  const errorOf = (name: keyof RegisterForm) => {
    const key = formState.errors[name]?.message;
    return key && t(key, { length: VAT_NUMBER_LENGTH });
  };

  // Only a form that passed RegisterFormSchema is sent.
  const submit = handleSubmit(async (values) => {
    setError(null);
    const phone = parsePhoneNumberFromString(values.mobileNumber, config.country.code as CountryCode);
    const body: RegisterBody =
      values.registrationType === 'PV'
        ? {
            registration_type: 'PV',
            vendor_code: values.vendorCode,
            vendor_email: values.vendorEmail,
            email_address: values.email,
            password: values.password,
          }
        : {
            registration_type: 'NPV',
            business_name: values.businessName,
            mobile_number: phone?.number ?? values.mobileNumber,
            vat_number: normaliseVatNumber(values.vatNumber) ?? undefined,
            email_address: values.email,
            password: values.password,
          };
    try {
      const result = await registerMutation.mutateAsync(body);
      setSentTo(result.email);
    } catch (caught) {
      // A refusal naming a field with a key of its own is marked on that field.
      const formField = caught instanceof ApiRequestError ? FORM_FIELD_OF[caught.errors[0]?.field ?? ''] : undefined;
      const key = caught instanceof ApiRequestError ? caught.firstTranslationKey : null;
      if (formField && key && i18n.exists(key)) {
        setFieldError(formField, { type: 'server', message: key }, { shouldFocus: true });
        return;
      }
      setError(describeError(caught, t, 'register.error.generic', (key) => i18n.exists(key)));
    }
  });

  if (sentTo) {
    return (
      <AuthCard title={t('register.check-email.title')}>
        <Stack align="center" ta="center" gap="md">
          <ThemeIcon size={64} radius="xl" variant="light" color="teal">
            <IconMailCheck size={34} />
          </ThemeIcon>
          <Text>{t('register.check-email.body', { email: sentTo })}</Text>
          <Text c="dimmed" fz="sm">
            {t('register.check-email.validity', { hours: REGISTRATION_LINK_TTL_HOURS })}
          </Text>
          <Button component={Link} to={paths.connect()} variant="light" fullWidth>
            {t('register.back-to-login')}
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('register.title')} subtitle={t('register.subtitle', { service: config.brand.serviceName })}>
      <form onSubmit={submit} noValidate aria-label={t('register.title')}>
        <Stack gap="md">
          <SegmentedControl
            fullWidth
            value={type}
            onChange={(value) => setValue('registrationType', value as RegistrationType)}
            aria-label={t('register.type-label')}
            data={[
              { value: 'PV', label: t('register.type.pv') },
              { value: 'NPV', label: t('register.type.npv') },
            ]}
          />
          <Text fz="sm" c="dimmed">
            {type === 'PV' ? t('register.type.pv-help') : t('register.type.npv-help')}
          </Text>
          {error && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {error}
            </Alert>
          )}
          {type === 'PV' ? (
            <>
              <TextInput
                label={t('register.vendor-code')}
                autoComplete="off"
                error={errorOf('vendorCode')}
                {...field('vendorCode')}
              />
              <TextInput
                label={t('register.vendor-email')}
                description={t('register.vendor-email-help')}
                type="email"
                error={errorOf('vendorEmail')}
                {...field('vendorEmail')}
              />
            </>
          ) : (
            <>
              <TextInput
                label={t('register.business-name')}
                autoComplete="organization"
                error={errorOf('businessName')}
                {...field('businessName')}
              />
              <TextInput
                label={t('register.mobile-number')}
                type="tel"
                autoComplete="tel"
                dir="ltr"
                placeholder={`${config.country.phonePrefix} 300 1234567`}
                error={errorOf('mobileNumber')}
                {...field('mobileNumber')}
              />
              <TextInput
                label={t('register.vat-number')}
                description={t('register.vat-help', { length: VAT_NUMBER_LENGTH })}
                maxLength={VAT_NUMBER_LENGTH}
                error={errorOf('vatNumber')}
                {...field('vatNumber')}
              />
            </>
          )}
          <TextInput
            label={t('register.email')}
            type="email"
            autoComplete="email"
            error={errorOf('email')}
            {...field('email')}
          />
          <PasswordInput
            label={t('register.password')}
            autoComplete="new-password"
            aria-describedby="register-password-rules"
            error={errorOf('password')}
            {...field('password')}
          />
          <PasswordRules password={password} id="register-password-rules" />
          <PasswordInput
            label={t('register.confirm-password')}
            autoComplete="new-password"
            error={errorOf('confirmation')}
            {...field('confirmation')}
          />
          <Text fz="xs" c="dimmed">
            {t('register.terms-implied')}{' '}
            <Anchor component={Link} to={paths.terms()} fz="xs" underline="always">
              {t('footer.terms')}
            </Anchor>
          </Text>
          <Button type="submit" size="md" fullWidth loading={registerMutation.isPending}>
            {t('register.submit')}
          </Button>
          <Text fz="sm" ta="center" c="dimmed">
            {t('register.have-account')}{' '}
            <Anchor component={Link} to={paths.connect()} fw={600}>
              {t('login.submit')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
