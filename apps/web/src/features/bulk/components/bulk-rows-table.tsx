import { Badge, Group, Pagination, ScrollArea, Switch, Table, Text } from '@mantine/core';
import type { BulkRow } from '@riderdesk/domain/contracts/bulk';
import { formatMoney } from '@riderdesk/domain/money';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasRowError, rowErrorText } from '../bulk-rules.ts';

// A 25 000-row file is shown a page at a time.
const PAGE_SIZE = 50;

const STATUS_COLORS: Record<BulkRow['status'], string> = {
  VALID: 'teal',
  INVALID: 'red',
  PLACED: 'blue',
  FAILED: 'orange',
};

/** spec §2 preprocess results: every row with its outcome; rows with errors highlighted and explained. */
export function BulkRowsTable({ rows, currency }: { rows: readonly BulkRow[]; currency: string }) {
  const { t, i18n } = useTranslation();
  const errorCount = useMemo(() => rows.filter(hasRowError).length, [rows]);
  const [isOnlyErrors, setOnlyErrors] = useState(false);
  const [page, setPage] = useState(1);
  const shown = isOnlyErrors ? rows.filter(hasRowError) : rows;
  const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  const visible = shown.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  const exists = (key: string) => i18n.exists(key);

  return (
    <>
      {errorCount > 0 && (
        <Switch
          mb="sm"
          checked={isOnlyErrors}
          onChange={(event) => {
            setOnlyErrors(event.currentTarget.checked);
            setPage(1);
          }}
          label={t('bulk.results.only-errors')}
        />
      )}
      <ScrollArea type="auto">
        <Table striped={false} highlightOnHover verticalSpacing="xs" miw={880} aria-label={t('bulk.results.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('bulk.results.row')}</Table.Th>
              <Table.Th>{t('bulk.results.status')}</Table.Th>
              <Table.Th>{t('bulk.results.customer')}</Table.Th>
              <Table.Th>{t('bulk.results.address')}</Table.Th>
              <Table.Th>{t('bulk.results.payment')}</Table.Th>
              <Table.Th>{t('bulk.results.delivery')}</Table.Th>
              <Table.Th>{t('bulk.results.fee')}</Table.Th>
              <Table.Th>{t('bulk.results.problem')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {visible.map((row) => (
              <Table.Tr
                key={row.row_number}
                bg={row.error ? 'var(--mantine-color-red-light)' : undefined}
                data-row-status={row.status}
              >
                <Table.Td>{row.row_number}</Table.Td>
                <Table.Td miw={110}>
                  <Badge color={STATUS_COLORS[row.status]} variant="light" style={{ overflow: 'visible' }}>
                    {t(`bulk.row-status.${row.status}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Text fz="sm" fw={500}>
                    {row.customer_name || '—'}
                  </Text>
                  <Text fz="xs" c="dimmed" dir="ltr" ta="start">
                    {row.phone_number}
                  </Text>
                </Table.Td>
                <Table.Td maw={260}>
                  <Text fz="sm" lineClamp={2}>
                    {row.drop_off_address || '—'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {i18n.exists(`bulk.payment.${row.payment_method}`)
                    ? t(`bulk.payment.${row.payment_method}`)
                    : row.payment_method || '—'}
                </Table.Td>
                <Table.Td>
                  {i18n.exists(`bulk.delivery.${row.delivery_type}`)
                    ? t(`bulk.delivery.${row.delivery_type}`)
                    : row.delivery_type}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {/* A refused row is not placed, so it has no fee to pay. */}
                  {row.delivery_fee === null || row.status === 'INVALID'
                    ? '—'
                    : formatMoney(row.delivery_fee, currency, i18n.language)}
                </Table.Td>
                <Table.Td maw={320}>
                  {row.error ? (
                    <Text fz="sm" c="red.8" fw={500}>
                      {rowErrorText(row.error, (key, values) => t(key, values ?? {}), exists)}
                    </Text>
                  ) : row.order_id ? (
                    <Text fz="sm" ff="monospace">
                      {row.order_id}
                    </Text>
                  ) : (
                    <Text fz="sm" c="dimmed">
                      —
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {pages > 1 && (
        <Group justify="center" mt="md">
          <Pagination total={pages} value={page} onChange={setPage} size="sm" />
        </Group>
      )}
    </>
  );
}
