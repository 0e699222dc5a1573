import { Badge, Button, Group, List, Paper, ScrollArea, Stack, Switch, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { BULK_DETAIL_PAGE_ROWS, type BulkRow, type BulkRowError } from '@riderdesk/domain/contracts/bulk';
import { formatMoney } from '@riderdesk/domain/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBulkJobRows } from '../api/get-bulk-job.ts';
import { rowErrors, rowErrorText } from '../bulk-rules.ts';

const STATUS_COLORS: Record<BulkRow['status'], string> = {
  VALID: 'teal',
  INVALID: 'red',
  PLACED: 'blue',
  FAILED: 'orange',
};

/** Every problem of a row, in the server's order (its error first), in the merchant's words. */
function RowProblems({ row }: { row: BulkRow }) {
  const { t, i18n } = useTranslation();
  const errors = rowErrors(row);
  const say = (error: BulkRowError) =>
    rowErrorText(
      error,
      (key, values) => t(key, values ?? {}),
      (key) => i18n.exists(key),
    );
  if (errors.length === 1) {
    return (
      <Text fz="sm" c="red.8" fw={500}>
        {say(errors[0]!)}
      </Text>
    );
  }
  return (
    <List size="sm" spacing={2} c="red.8" fw={500}>
      {errors.map((error) => (
        <List.Item key={`${error.key}-${error.field ?? ''}`}>{say(error)}</List.Item>
      ))}
    </List>
  );
}

/**
 * The rows on a phone: one card each, its problems (or its order) right under the customer, so nothing a
 * merchant must read sits beyond the screen's edge as the table's last column would.
 */
function BulkRowCards({ rows, currency }: { rows: readonly BulkRow[]; currency: string }) {
  const { t, i18n } = useTranslation();
  return (
    <Stack component="ul" gap="xs" p={0} m={0} aria-label={t('bulk.results.title')} style={{ listStyle: 'none' }}>
      {rows.map((row) => (
        <Paper
          component="li"
          key={row.row_number}
          withBorder
          radius="sm"
          p="sm"
          bg={row.error ? 'var(--mantine-color-red-light)' : undefined}
          data-row-status={row.status}
        >
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text fz="sm" fw={600}>
              {t('bulk.results.row')} {row.row_number}
            </Text>
            <Badge color={STATUS_COLORS[row.status]} variant="light" style={{ overflow: 'visible' }}>
              {t(`bulk.row-status.${row.status}`)}
            </Badge>
          </Group>
          <Text fz="sm" fw={500} mt={4}>
            {row.customer_name || '—'}{' '}
            <Text span fz="xs" c="dimmed">
              <bdi dir="ltr" style={{ whiteSpace: 'nowrap' }}>
                {row.phone_number}
              </bdi>
            </Text>
          </Text>
          <Text fz="xs" c="dimmed" lineClamp={2}>
            {row.drop_off_address || '—'}
          </Text>
          {row.error ? (
            <div style={{ marginTop: 6 }}>
              <RowProblems row={row} />
            </div>
          ) : (
            <Group justify="space-between" gap="xs" mt={4}>
              <Text fz="xs" ff={row.order_id ? 'monospace' : undefined}>
                {row.order_id ?? ''}
              </Text>
              {row.delivery_fee !== null && (
                <Text fz="xs" style={{ whiteSpace: 'nowrap' }}>
                  {t('bulk.results.fee')}: {formatMoney(row.delivery_fee, currency, i18n.language)}
                </Text>
              )}
            </Group>
          )}
        </Paper>
      ))}
    </Stack>
  );
}

export interface BulkRowsTableProps {
  vendorId: string;
  jobId: string;
  /** The job's first page of rows, as the job's own answer holds it. */
  firstPage: { orders: readonly BulkRow[]; next_after_row: number | null };
  totals: { total_rows: number; errors: number };
  currency: string;
  /** While placement runs the page shown is read again, so order ids appear as rows are placed. */
  isPolling?: boolean;
}

/**
 * spec §2 preprocess results: every row with its outcome; rows with errors highlighted and explained. A job
 * holds up to 25 000 rows, so they are read from the server a page at a time (after the last row shown).
 */
export function BulkRowsTable({ vendorId, jobId, firstPage, totals, currency, isPolling = false }: BulkRowsTableProps) {
  const { t, i18n } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 48em)');
  const [isOnlyErrors, setOnlyErrors] = useState(false);
  // The row each page shown so far started after: the last is the page on screen, popped to go back.
  const [starts, setStarts] = useState<number[]>([0]);
  const afterRow = starts[starts.length - 1] ?? 0;
  const isFirstPage = afterRow === 0 && !isOnlyErrors;
  const rows = useBulkJobRows(
    vendorId,
    jobId,
    { afterRow, onlyErrors: isOnlyErrors },
    { enabled: !isFirstPage, isPolling },
  );
  const page = isFirstPage ? firstPage : rows.data;
  const visible = page?.orders ?? [];
  const total = isOnlyErrors ? totals.errors : totals.total_rows;
  const from = (starts.length - 1) * BULK_DETAIL_PAGE_ROWS + 1;

  return (
    <>
      {totals.errors > 0 && (
        <Switch
          mb="sm"
          checked={isOnlyErrors}
          onChange={(event) => {
            setOnlyErrors(event.currentTarget.checked);
            setStarts([0]);
          }}
          label={t('bulk.results.only-errors')}
        />
      )}
      {isPhone ? (
        <BulkRowCards rows={visible} currency={currency} />
      ) : (
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
                    <Text fz="xs" c="dimmed">
                      {/* A number reads left to right in Urdu too, and is never broken across lines. */}
                      <bdi dir="ltr" style={{ whiteSpace: 'nowrap' }}>
                        {row.phone_number}
                      </bdi>
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
                      <RowProblems row={row} />
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
      )}
      {!isFirstPage && rows.isError && (
        <Text fz="sm" c="red.8" mt="sm" role="alert">
          {t('bulk.results.rows-error')}
        </Text>
      )}
      {total > BULK_DETAIL_PAGE_ROWS && (
        <Group justify="center" mt="md" gap="sm">
          <Button
            variant="default"
            size="xs"
            disabled={starts.length === 1}
            onClick={() => setStarts((shown) => shown.slice(0, -1))}
          >
            {t('bulk.results.previous')}
          </Button>
          <Text fz="sm" c="dimmed">
            {t('bulk.results.page', {
              from: from.toLocaleString(i18n.language),
              to: (from + Math.max(visible.length, 1) - 1).toLocaleString(i18n.language),
              total: total.toLocaleString(i18n.language),
            })}
          </Text>
          <Button
            variant="default"
            size="xs"
            disabled={page?.next_after_row == null || (!isFirstPage && rows.isPlaceholderData)}
            onClick={() => {
              const next = page?.next_after_row;
              if (next != null) setStarts((shown) => [...shown, next]);
            }}
          >
            {t('bulk.results.next')}
          </Button>
        </Group>
      )}
    </>
  );
}
