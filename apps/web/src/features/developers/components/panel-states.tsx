import { Alert, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The cards' shapes while a list loads, announced to screen readers. */
export function ListSkeleton({ label, rows = 2 }: { label: string; rows?: number }) {
  return (
    <Stack gap="md" aria-busy="true" aria-label={label} role="status">
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
        <Paper key={index} withBorder radius="lg" p="lg">
          <Stack gap="sm">
            <Skeleton h={18} w="40%" />
            <Skeleton h={12} w="90%" />
            <Skeleton h={12} w="70%" />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/** A list that could not be loaded: what happened, and a way to ask again. */
export function ListFailure({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" role="alert" icon={<IconAlertTriangle size={20} />}>
      <Stack gap="xs" align="flex-start">
        {message}
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          {t('developers.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}

/** A tab's opening line, with its main action at the end once the list has something in it. */
export function PanelIntro({ text, action }: { text: string; action?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-start" gap="sm">
      <Text c="dimmed" fz="sm" maw={620} style={{ flex: '1 1 280px' }}>
        {text}
      </Text>
      {action}
    </Group>
  );
}

/** A list's four states: loading, failed (with a retry), empty (what to do next), and the list itself. */
export function ListStates({
  isPending,
  failure,
  onRetry,
  loadingLabel,
  empty,
  children,
}: {
  isPending: boolean;
  /** The failure's sentence, or null when the list came. */
  failure: string | null;
  onRetry: () => void;
  loadingLabel: string;
  /** Shown when the list is empty; null when it has items. */
  empty: ReactNode | null;
  children: ReactNode;
}) {
  if (isPending) return <ListSkeleton label={loadingLabel} />;
  if (failure !== null) return <ListFailure message={failure} onRetry={onRetry} />;
  return <>{empty ?? children}</>;
}
