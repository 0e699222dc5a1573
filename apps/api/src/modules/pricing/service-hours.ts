import { formatServiceHours, formatTimeInZone, isWithinServiceHours } from '@riderdesk/domain/service-hours';
import type { AppConfig } from '../../config.ts';
import { AppError } from '../../errors.ts';
import type { VendorService } from '../vendors/service.ts';

/** spec §8 'Service hours: {from} to {to}. It's {time}'. */
export const SERVICE_HOURS_KEY = 'request.error.service-hours';

/** Whether a merchant's request may be placed at an instant: now, or the pre-ordered time. */
export interface ServiceHours {
  assertOpen(at: Date): Promise<void>;
}

/** spec §5 service hours, the `serviceHours` country parameter read in the country time zone. */
export function countryServiceHours(vendors: VendorService, country: AppConfig['deployment']['country']): ServiceHours {
  return {
    async assertOpen(at) {
      const hours = await vendors.findCountryParameter('serviceHours');
      if (isWithinServiceHours(hours, at, country.timeZone)) return;
      // Unreadable hours count as open (spec §5), so the window is set whenever we get here.
      const values = { ...formatServiceHours(hours ?? ''), time: formatTimeInZone(at, country.timeZone) } as Record<
        'from' | 'to' | 'time',
        string
      >;
      // spec §8: the English sentence for other clients; the browser translates the key with the values.
      const message = `Service hours: ${values.from} to ${values.to}. It's ${values.time}`;
      throw new AppError(422, 'SERVICE_CLOSED', message, [
        { message, meta: { translation_key: SERVICE_HOURS_KEY, values } },
      ]);
    },
  };
}

/**
 * For history written at whatever hour it is written (the demo seed, decision 026): the hours gate a
 * merchant's request, not a record of past ones.
 */
export const HOURS_NOT_APPLIED: ServiceHours = { assertOpen: async () => {} };
