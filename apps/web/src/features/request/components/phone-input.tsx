import { TextInput, type TextInputProps } from '@mantine/core';
import { formatPhoneAsTyped } from '@riderdesk/domain/phone';

export function PhoneInput({
  value,
  onChange,
  countryCode,
  ...props
}: Omit<TextInputProps, 'value' | 'onChange'> & {
  value: string;
  onChange: (value: string) => void;
  countryCode: string;
}) {
  return (
    <TextInput
      {...props}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      dir="ltr"
      value={value}
      onChange={(event) => onChange(formatPhoneAsTyped(event.currentTarget.value, value, countryCode))}
    />
  );
}
