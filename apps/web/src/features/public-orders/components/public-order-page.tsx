import { Badge, Container, Group, Paper, Stack, Text, Timeline, Title } from '@mantine/core';
import { PUBLIC_TRACKING_STAGES } from '@riderdesk/domain/order-status';
import { IconMapPin, IconReceipt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

type PublicOrderKind = 'tracking' | 'receipt' | 'c2c';

/**
 * spec §2 public pages for one order: tracking, delivery receipt, customer-to-customer tracking.
 * Until the order is known to the page, it says so and shows the stages the order will go through.
 */
export function PublicOrderPage({ kind, orderId }: { kind: PublicOrderKind; orderId: string }) {
  const { t } = useTranslation();
  const isReceipt = kind === 'receipt';
  return (
    <Container size="sm" py={{ base: 'lg', sm: 48 }}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} shadow="sm">
        <Group justify="space-between" align="flex-start" mb="lg" wrap="nowrap">
          <Stack gap={4}>
            <Text fz="xs" c="dimmed" fw={600} tt="uppercase" lts={0.4}>
              {t(`public.${kind}.eyebrow`)}
            </Text>
            <Title order={1} fz={24}>
              {t('public.order', { id: orderId })}
            </Title>
          </Stack>
          <Badge
            variant="light"
            color="gray"
            size="lg"
            leftSection={isReceipt ? <IconReceipt size={14} /> : <IconMapPin size={14} />}
          >
            {t('public.not-available')}
          </Badge>
        </Group>
        <Text c="dimmed" mb="xl">
          {t(`public.${kind}.empty`)}
        </Text>
        {!isReceipt && (
          <Timeline active={-1} bulletSize={22} lineWidth={2} aria-label={t('public.stages')}>
            {PUBLIC_TRACKING_STAGES.filter((stage) => stage !== 'RETURN_INITIATED' && stage !== 'RETURNED').map(
              (stage) => (
                <Timeline.Item key={stage} title={t(`public.stage.${stage}`)} />
              ),
            )}
          </Timeline>
        )}
      </Paper>
    </Container>
  );
}
