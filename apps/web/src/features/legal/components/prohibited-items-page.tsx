import { Container, Group, Paper, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { MAX_ITEM_WEIGHT_KG } from '@riderdesk/domain/constants';
import {
  IconBan,
  IconBottle,
  IconCash,
  IconFlame,
  IconPaw,
  IconPill,
  IconSword,
  IconWeight,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const ITEMS = [
  { key: 'weapons', icon: IconSword },
  { key: 'drugs', icon: IconPill },
  { key: 'flammable', icon: IconFlame },
  { key: 'alcohol', icon: IconBottle },
  { key: 'cash', icon: IconCash },
  { key: 'animals', icon: IconPaw },
  { key: 'heavy', icon: IconWeight },
  { key: 'illegal', icon: IconBan },
] as const;

export function ProhibitedItemsPage() {
  const { t } = useTranslation();
  return (
    <Container size="md" py={{ base: 'lg', sm: 48 }}>
      <Title order={1} mb="xs">
        {t('prohibited.title')}
      </Title>
      <Text c="dimmed" mb="xl">
        {t('prohibited.intro', { kg: MAX_ITEM_WEIGHT_KG })}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {ITEMS.map(({ key, icon: Icon }) => (
          <Paper key={key} withBorder radius="md" p="md">
            <Group wrap="nowrap" align="flex-start" gap="md">
              <ThemeIcon color="red" variant="light" size={38} radius="md">
                <Icon size={20} />
              </ThemeIcon>
              <div>
                <Text fw={700}>{t(`prohibited.${key}.title`)}</Text>
                <Text fz="sm" c="dimmed">
                  {t(`prohibited.${key}.body`, { kg: MAX_ITEM_WEIGHT_KG })}
                </Text>
              </div>
            </Group>
          </Paper>
        ))}
      </SimpleGrid>
    </Container>
  );
}
