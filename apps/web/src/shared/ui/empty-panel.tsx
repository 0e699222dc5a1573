import { EmptyState, Paper } from '@mantine/core';
import type { ReactNode } from 'react';

/** A bordered card announcing that a list or screen has nothing to show yet, and what to do next. */
export function EmptyPanel({
  icon,
  title,
  description,
  actions,
  minHeight = 320,
}: {
  icon: ReactNode;
  title: ReactNode;
  description: ReactNode;
  actions?: ReactNode;
  minHeight?: number;
}) {
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'lg', sm: 'xl' }}
      mih={minHeight}
      style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}
    >
      <EmptyState variant="light" size="lg" icon={icon} title={title} description={description} maw={460}>
        {actions && <EmptyState.Actions>{actions}</EmptyState.Actions>}
      </EmptyState>
    </Paper>
  );
}
