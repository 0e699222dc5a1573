import { formatPhoneForDisplay } from '@riderdesk/domain/phone';
import { useConfig } from '../config/config-context.tsx';

/**
 * A stored phone number written for reading ('+922135871234' → '(021) 35871234'), in the national form for
 * the deployment's country; it reads left to right inside right-to-left text too.
 */
export function PhoneText({ phone }: { phone: string }) {
  const { country } = useConfig();
  return <bdi dir="ltr">{formatPhoneForDisplay(phone, country.code)}</bdi>;
}
