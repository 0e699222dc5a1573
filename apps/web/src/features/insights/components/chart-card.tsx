import { Button, Group, Menu, Paper, SegmentedControl, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { InsightsChart } from '@riderdesk/domain/contracts/insights';
import type { ExportFormat } from '@riderdesk/domain/contracts/order-list';
import type { InsightsTable } from '@riderdesk/domain/insights/tables';
import { IconChevronDown, IconDownload, IconFileSpreadsheet, IconFileTypeCsv } from '@tabler/icons-react';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartTable } from './chart-table.tsx';

export interface ChartCardProps {
  chart: InsightsChart;
  description?: ReactNode;
  /** The chart's numbers: shown for screen readers beside the chart, and in place of it as "Table". */
  table: InsightsTable;
  linkOf?: (row: number, column: number) => string | null;
  onExport: (chart: InsightsChart, format: ExportFormat) => void;
  isExporting: boolean;
  /** The chart, for the eye: hidden from screen readers, which read its table instead. */
  children?: ReactNode;
  /** In place of a chart, content that is accessible itself (the outlets' table): shown as it is. */
  accessibleBody?: ReactNode;
}

/** One chart of the page: its title, a chart or its table, and its numbers to download. */
export function ChartCard({
  chart,
  description,
  table,
  linkOf,
  onExport,
  isExporting,
  children,
  accessibleBody,
}: ChartCardProps) {
  const { t } = useTranslation();
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const titleId = useId();
  const title = t(`insights.chart.${chart}`);
  const hasChart = children !== undefined && children !== null;
  const isTable = !accessibleBody && (!hasChart || view === 'table');
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
          <Stack gap={2} style={{ flex: '1 1 220px' }}>
            <Title order={2} fz="lg" id={titleId}>
              {title}
            </Title>
            {description && (
              <Text c="dimmed" fz="sm">
                {description}
              </Text>
            )}
          </Stack>
          <Group gap="xs" wrap="nowrap">
            {hasChart && (
              <SegmentedControl
                size="xs"
                aria-label={t('insights.view.label')}
                value={view}
                onChange={(value) => setView(value as 'chart' | 'table')}
                data={[
                  { value: 'chart', label: t('insights.view.chart') },
                  { value: 'table', label: t('insights.view.table') },
                ]}
              />
            )}
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconDownload size={14} />}
                  rightSection={<IconChevronDown size={12} />}
                  loading={isExporting}
                  aria-label={t('insights.export.label', { chart: title })}
                >
                  CSV / XLSX
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<IconFileTypeCsv size={16} />} onClick={() => onExport(chart, 'csv')}>
                  {t('insights.export.csv')}
                </Menu.Item>
                <Menu.Item leftSection={<IconFileSpreadsheet size={16} />} onClick={() => onExport(chart, 'xlsx')}>
                  {t('insights.export.xlsx')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
        {accessibleBody ? (
          accessibleBody
        ) : isTable ? (
          <ChartTable table={table} caption={title} {...(linkOf ? { linkOf } : {})} />
        ) : (
          <>
            {/* The drawing is for the eye; its numbers, with the same links, are the table below. */}
            <div aria-hidden="true">{children}</div>
            {/* Without links: a link nobody can see would take the keyboard's focus ("Table" has them). */}
            <VisuallyHidden>
              <ChartTable table={table} caption={title} isHidden />
            </VisuallyHidden>
          </>
        )}
      </Stack>
    </Paper>
  );
}
