import { Badge, Box, Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconLock } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';

export type SectionStatus = 'locked' | 'active' | 'done';

/** One numbered part of the progressive request form: it unlocks when the step before is done. */
export function StepSection(props: {
  number: number;
  title: string;
  status: SectionStatus;
  lockedHint?: string;
  summary?: ReactNode;
  onChange?: () => void;
  icon?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const { status } = props;
  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      style={{
        borderColor: status === 'active' ? 'var(--mantine-primary-color-light-color)' : undefined,
        boxShadow: status === 'active' ? '0 1px 2px rgba(0,0,0,.04), 0 8px 24px -12px rgba(0,0,0,.18)' : undefined,
      }}
      bg={status === 'locked' ? 'var(--mantine-color-gray-0)' : undefined}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm" mb={status === 'locked' ? 0 : 'md'}>
        <Group gap="sm" wrap="nowrap" miw={0}>
          <ThemeIcon
            size={32}
            radius="xl"
            variant={status === 'active' ? 'filled' : 'light'}
            color={status === 'locked' ? 'gray' : undefined}
            aria-hidden
          >
            {status === 'done' ? (
              <IconCheck size={18} />
            ) : (
              <Text fz="sm" fw={700} c="inherit">
                {props.number}
              </Text>
            )}
          </ThemeIcon>
          <Stack gap={0} miw={0}>
            <Title order={2} fz="md" id={titleId} c={status === 'locked' ? 'dimmed' : undefined}>
              {props.title}
            </Title>
            {status === 'locked' && props.lockedHint && (
              <Text fz="xs" c="dimmed">
                {props.lockedHint}
              </Text>
            )}
          </Stack>
        </Group>
        {status === 'locked' && <IconLock size={16} color="var(--mantine-color-gray-5)" aria-hidden />}
        {status === 'done' && props.onChange && (
          <Button variant="subtle" size="compact-sm" onClick={props.onChange}>
            {t('request.step.change')}
          </Button>
        )}
        {status === 'done' && !props.onChange && (
          <Badge variant="light" color="teal" radius="sm">
            {t('request.step.done')}
          </Badge>
        )}
      </Group>
      {status === 'done' && props.summary ? <Box>{props.summary}</Box> : status !== 'locked' && props.children}
    </Paper>
  );
}
