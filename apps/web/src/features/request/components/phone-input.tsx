import { TextInput, type TextInputProps } from '@mantine/core';
import { AsYouType, type CountryCode } from 'libphonenumber-js';

/** spec §5: the phone input defaults to the configured country and formats as the user types. */
export function formatPhoneAsTyped(next: string, previous: string, countryCode: string): string {
  // Formatting while deleting would put back the space or bracket the user just removed.
  if (next.length < previous.length) return next;
  return new AsYouType(countryCode as CountryCode).input(next);
}

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
