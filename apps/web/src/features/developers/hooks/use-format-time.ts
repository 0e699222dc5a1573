import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../shared/config/config-context.tsx';
import { formatDateTime } from '../../../shared/format/format.ts';

/** An ISO time on the country's clock in the page's language; `null` reads as the given fallback. */
export function useFormatTime() {
  const { i18n } = useTranslation();
  const timeZone = useConfig().country.timeZone;
  return useCallback(
    (iso: string | null, fallback = '—') => (iso ? formatDateTime(new Date(iso), timeZone, i18n.language) : fallback),
    [timeZone, i18n.language],
  );
}
