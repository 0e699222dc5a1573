import { Anchor, Container, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useConfig } from '../../shared/config/config-context.tsx';
import { useCountryName } from '../../shared/config/use-country-name.ts';

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
          <Anchor component={Link} to="/faq" fz="sm" c="dimmed">
            {t('faq.title')}
          </Anchor>
          <Anchor component={Link} to="/termsandconditions" fz="sm" c="dimmed">
            {t('footer.terms')}
          </Anchor>
          <Anchor component={Link} to="/prohibiteditems-c2c" fz="sm" c="dimmed">
            {t('footer.prohibited')}
          </Anchor>
          <Anchor href={links.privacy} target="_blank" rel="noreferrer" fz="sm" c="dimmed">
            {t('footer.privacy')}
          </Anchor>
          <Anchor href={links.deliveryServiceInfo} target="_blank" rel="noreferrer" fz="sm" c="dimmed">
            {t('footer.delivery-info')}
          </Anchor>
          <Anchor href={links.apiDocumentation} target="_blank" rel="noreferrer" fz="sm" c="dimmed">
            {t('footer.api')}
          </Anchor>
          {links.partnerSignUp && (
            <Anchor href={links.partnerSignUp} target="_blank" rel="noreferrer" fz="sm" c="dimmed">
              {t('footer.partner')}
            </Anchor>
          )}
        </Group>
      </Group>
    </Container>
  );
}
