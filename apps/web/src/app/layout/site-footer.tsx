import { Anchor, Container, Group, Text } from '@mantine/core';
import type { CountryLinks } from '@riderdesk/domain/config';
import { paths } from '@riderdesk/domain/paths';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useConfig } from '../../shared/config/config-context.tsx';
import { useCountryName } from '../../shared/config/use-country-name.ts';

// spec §1: each is configured per brand and country; one that is not configured is not shown.
const EXTERNAL_LINKS = [
  ['privacy', 'footer.privacy'],
  ['deliveryServiceInfo', 'footer.delivery-info'],
  ['apiDocumentation', 'footer.api'],
  ['partnerSignUp', 'footer.partner'],
] as const satisfies readonly (readonly [keyof CountryLinks, string])[];

export function SiteFooter() {
  const { t } = useTranslation();
  const { brand, country } = useConfig();
  const countryName = useCountryName();
  const { links } = country;
  return (
    <Container
      size="lg"
      component="footer"
      py="xl"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Group justify="space-between" gap="md" wrap="wrap">
        <Text fz="sm" c="dimmed">
          © {new Date().getFullYear()} {brand.serviceName} · {countryName}
        </Text>
        <Group gap="lg" wrap="wrap" component="nav" aria-label={t('footer.label')}>
          <Anchor component={Link} to={paths.faq()} fz="sm" c="dimmed">
            {t('faq.title')}
          </Anchor>
          <Anchor component={Link} to={paths.terms()} fz="sm" c="dimmed">
            {t('footer.terms')}
          </Anchor>
          <Anchor component={Link} to={paths.prohibitedItems()} fz="sm" c="dimmed">
            {t('footer.prohibited')}
          </Anchor>
          {EXTERNAL_LINKS.map(([key, label]) => {
            const href = links[key];
            return href ? (
              <Anchor key={key} href={href} target="_blank" rel="noreferrer" fz="sm" c="dimmed">
                {t(label)}
              </Anchor>
            ) : null;
          })}
        </Group>
      </Group>
    </Container>
  );
}
