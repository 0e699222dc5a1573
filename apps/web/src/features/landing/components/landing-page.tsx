import {
  Badge,
  Box,
  Button,
  Container,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { MAX_ITEM_WEIGHT_KG } from '@riderdesk/domain/constants';
import { paths } from '@riderdesk/domain/paths';
import {
  IconBolt,
  IconBuildingStore,
  IconCash,
  IconClockHour4,
  IconMapPin,
  IconMotorbike,
  IconPackage,
  IconRoute,
  IconShieldCheck,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useConfig } from '../../../shared/config/config-context.tsx';
import { useCountryName } from '../../../shared/config/use-country-name.ts';

function Feature({ icon, title, body }: { icon: ReactNode; title: string; body: string }) {
  return (
    <Paper withBorder radius="lg" p="lg" h="100%">
      <ThemeIcon size={44} radius="md" variant="light" mb="md">
        {icon}
      </ThemeIcon>
      <Text fw={700} mb={6}>
        {title}
      </Text>
      <Text fz="sm" c="dimmed" lh={1.6}>
        {body}
      </Text>
    </Paper>
  );
}

function Step({ number, title, body }: { number: number; title: string; body: string }) {
  return (
    <Group align="flex-start" wrap="nowrap" gap="md">
      <ThemeIcon size={36} radius="xl" variant="filled" fw={700}>
        {number}
      </ThemeIcon>
      <Box>
        <Text fw={700}>{title}</Text>
        <Text fz="sm" c="dimmed" lh={1.6}>
          {body}
        </Text>
      </Box>
    </Group>
  );
}

/** spec §2 landing: request a rider, how it works, pay as you go, why us, fleet, get started. */
export function LandingPage({
  loginForm,
  canRegister,
  tour,
}: {
  loginForm: ReactNode;
  canRegister: boolean;
  /** spec §2: the welcome walkthrough, on demand. */
  tour: ReactNode;
}) {
  const { t } = useTranslation();
  const { brand, country } = useConfig();
  const countryName = useCountryName();
  const service = brand.serviceName;
  return (
    <>
      <Box
        component="section"
        py={{ base: 32, md: 72 }}
        style={{
          background: 'linear-gradient(180deg, var(--mantine-primary-color-light) 0%, var(--mantine-color-body) 100%)',
        }}
      >
        <Container size="lg">
          <Grid gap={{ base: 32, md: 64 }} align="center">
            <Grid.Col span={{ base: 12, md: 6 }} order={{ base: 2, md: 1 }}>
              <Stack gap="lg">
                <Badge variant="light" size="lg" radius="sm" w="fit-content" leftSection={<IconBolt size={14} />}>
                  {t('landing.badge', { country: countryName })}
                </Badge>
                <Title order={1} fz={{ base: 34, sm: 46 }} fw={800} className="hero-title">
                  {t('landing.hero.title')}
                </Title>
                <Text fz={{ base: 'md', sm: 'lg' }} c="dimmed" lh={1.6} maw={520}>
                  {t('landing.hero.body', { service })}
                </Text>
                <Group gap="xl" mt="xs">
                  {[
                    { icon: <IconClockHour4 size={18} />, text: t('landing.hero.point-asap') },
                    { icon: <IconMapPin size={18} />, text: t('landing.hero.point-tracking') },
                    { icon: <IconCash size={18} />, text: t('landing.hero.point-cash') },
                  ].map((point) => (
                    <Group key={point.text} gap={8} wrap="nowrap">
                      <ThemeIcon variant="transparent" size="sm">
                        {point.icon}
                      </ThemeIcon>
                      <Text fz="sm" fw={600}>
                        {point.text}
                      </Text>
                    </Group>
                  ))}
                </Group>
                <Group>{tour}</Group>
              </Stack>
            </Grid.Col>
            {/* Returning merchants come to log in: on phones the form comes first. */}
            <Grid.Col span={{ base: 12, md: 6 }} order={{ base: 1, md: 2 }}>
              <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 32 }} maw={460} ms={{ md: 'auto' }}>
                <Title order={2} fz={22} mb={4}>
                  {t('login.title')}
                </Title>
                <Text c="dimmed" fz="sm" mb="lg">
                  {t('login.subtitle', { service })}
                </Text>
                {loginForm}
              </Paper>
            </Grid.Col>
          </Grid>
        </Container>
      </Box>

      <Container size="lg" component="section" py={{ base: 48, md: 72 }} aria-labelledby="how-it-works">
        <Title id="how-it-works" order={2} fz={{ base: 26, sm: 32 }} mb="xs">
          {t('landing.how.title')}
        </Title>
        <Text c="dimmed" mb="xl" maw={620}>
          {t('landing.how.body')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
          <Step number={1} title={t('landing.how.step1.title')} body={t('landing.how.step1.body')} />
          <Step number={2} title={t('landing.how.step2.title')} body={t('landing.how.step2.body')} />
          <Step number={3} title={t('landing.how.step3.title')} body={t('landing.how.step3.body')} />
        </SimpleGrid>
      </Container>

      <Box component="section" bg="var(--mantine-color-gray-light)" py={{ base: 48, md: 72 }}>
        <Container size="lg">
          <Title order={2} fz={{ base: 26, sm: 32 }} mb="xl">
            {t('landing.why.title', { service })}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
            <Feature
              icon={<IconCash size={24} />}
              title={t('landing.pay.title')}
              body={t('landing.pay.body', { currency: country.currency })}
            />
            <Feature
              icon={<IconPackage size={24} />}
              title={t('landing.items.title')}
              body={t('landing.items.body', { kg: MAX_ITEM_WEIGHT_KG })}
            />
            <Feature
              icon={<IconRoute size={24} />}
              title={t('landing.tracking.title')}
              body={t('landing.tracking.body')}
            />
            <Feature
              icon={<IconBuildingStore size={24} />}
              title={t('landing.outlets.title')}
              body={t('landing.outlets.body')}
            />
          </SimpleGrid>
        </Container>
      </Box>

      <Container size="lg" component="section" py={{ base: 48, md: 72 }}>
        <Paper radius="xl" p={{ base: 'xl', md: 48 }} bg="var(--mantine-primary-color-filled)" c="white">
          <Grid align="center" gap="xl">
            <Grid.Col span={{ base: 12, md: 8 }}>
              <Group gap="md" mb="sm" wrap="nowrap">
                <IconMotorbike size={32} />
                <Title order={2} fz={{ base: 24, sm: 30 }}>
                  {t('landing.fleet.title')}
                </Title>
              </Group>
              <Text lh={1.7}>{t('landing.fleet.body', { service })}</Text>
              <Group gap="xs" mt="md">
                <IconShieldCheck size={18} />
                <Text fz="sm" fw={600}>
                  {t('landing.fleet.point')}
                </Text>
              </Group>
            </Grid.Col>
            {canRegister && (
              <Grid.Col span={{ base: 12, md: 4 }}>
                <Stack gap="xs" align="stretch">
                  <Text fw={700}>{t('landing.start.title')}</Text>
                  <Button component={Link} to={paths.register()} size="md" variant="white">
                    {t('landing.start.button')}
                  </Button>
                </Stack>
              </Grid.Col>
            )}
          </Grid>
        </Paper>
      </Container>
    </>
  );
}
