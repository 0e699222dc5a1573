import { useTranslation } from 'react-i18next';
import { useConfig } from './config-context.tsx';

/** The deployment's country in the page language; configuration names it in English only. */
export function useCountryName(): string {
  const { t } = useTranslation();
  const { country } = useConfig();
  return t(`country.${country.code}`, { defaultValue: country.name });
}
