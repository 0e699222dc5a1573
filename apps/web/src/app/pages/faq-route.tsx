import { FaqPage } from '../../features/help-centre/components/faq-page.tsx';
import { useLanguage } from '../../features/language/hooks/use-language.ts';
import { useConfig } from '../../shared/config/config-context.tsx';

/** spec §2 FAQ: the country's questions in the chosen language. */
export function FaqRoute() {
  const { country } = useConfig();
  const { language } = useLanguage();
  return <FaqPage country={country.code} language={language} />;
}
