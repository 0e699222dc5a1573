import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  ScrollArea,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import type { Settlement, SettlementLine } from '@riderdesk/domain/contracts/finance';
import { fromMinor } from '@riderdesk/domain/money';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../shared/api/describe-error.ts';
import { useConfig } from '../../../shared/config/config-context.tsx';
import { formatDay, formatMoney } from '../../../shared/format/format.ts';
import { notify } from '../../../shared/notify.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { useDownloadStatement } from '../api/download-statement.ts';
import { useFlagLine } from '../api/flag-line.ts';
import { useFinance } from '../api/get-finance.ts';
import { useSettlement } from '../api/get-settlement.ts';

const CashChart = lazy(() => import('./cash-chart.tsx').then((m) => ({ default: m.CashChart })));

export interface FinancePageProps {
  vendorId: string | null;
  vendorName: string | null;
}

function useMoney(currency: string) {
  const { i18n } = useTranslation();
  return (minor: number) => formatMoney(fromMinor(minor, currency), currency, i18n.language);
}

function Figure({ label, hint, value }: { label: string; hint: string; value: string }) {
  return (
    <Card withBorder padding="md" radius="md">
      <Text fz="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700} dir="ltr" ta="start">
        {value}
      </Text>
      <Text fz="xs" c="dimmed">
        {hint}
      </Text>
    </Card>
  );
}

function LineRow({ vendorId, line, money }: { vendorId: string; line: SettlementLine; money: (m: number) => string }) {
  const { t, i18n } = useTranslation();
  const [isFlagging, setFlagging] = useState(false);
  const [reason, setReason] = useState('');
  const flag = useFlagLine(vendorId);
  return (
    <>
      <Table.Tr>
        <Table.Td>{line.order_id ?? '—'}</Table.Td>
        <Table.Td>{money(line.credited_minor)}</Table.Td>
        <Table.Td>{money(line.charged_minor)}</Table.Td>
        <Table.Td>{money(line.net_minor)}</Table.Td>
        <Table.Td>
          {line.dispute_status === 'none' ? (
            <Button size="compact-xs" variant="subtle" onClick={() => setFlagging(!isFlagging)}>
              {t('finance.lines.flag')}
            </Button>
          ) : (
            <Badge color={line.dispute_status === 'open' ? 'orange' : 'teal'}>
              {t(`finance.dispute.${line.dispute_status}`)}
            </Badge>
          )}
        </Table.Td>
      </Table.Tr>
      {isFlagging && (
        <Table.Tr>
          <Table.Td colSpan={5}>
            <Group align="flex-end">
              <Textarea
                label={t('finance.lines.reason')}
                value={reason}
                onChange={(event) => setReason(event.currentTarget.value)}
                maxLength={500}
                style={{ flex: 1 }}
                autosize
              />
              <Button
                loading={flag.isPending}
                disabled={reason.trim().length < 3}
                onClick={() =>
                  flag.mutate(
                    { vendorId, lineId: line.line_id, reason },
                    {
                      onSuccess: () => {
                        setFlagging(false);
                        notify({ message: t('finance.lines.flagged'), tone: 'success' });
                      },
                      onError: (error) =>
                        notify({
                          message: describeError(error, t, 'finance.load-failed', (key) => i18n.exists(key)),
                          tone: 'error',
                        }),
                    },
                  )
                }
              >
                {t('finance.lines.send')}
              </Button>
            </Group>
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}

function SettlementLines({
  vendorId,
  settlementId,
  money,
}: {
  vendorId: string;
  settlementId: string;
  money: (m: number) => string;
}) {
  const { t } = useTranslation();
  const query = useSettlement(vendorId, settlementId);
  if (!query.data) return <Skeleton h={80} />;
  return (
    <ScrollArea>
      <Table striped aria-label={t('finance.lines.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('finance.lines.order')}</Table.Th>
            <Table.Th>{t('finance.lines.credited')}</Table.Th>
            <Table.Th>{t('finance.lines.charged')}</Table.Th>
            <Table.Th>{t('finance.lines.net')}</Table.Th>
            <Table.Th>{t('finance.lines.dispute')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {query.data.lines.map((line) => (
            <LineRow key={line.line_id} vendorId={vendorId} line={line} money={money} />
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

function SettlementsTable({
  vendorId,
  settlements,
  money,
}: {
  vendorId: string;
  settlements: Settlement[];
  money: (m: number) => string;
}) {
  const { t, i18n } = useTranslation();
  const { country } = useConfig();
  const [open, setOpen] = useState<string | null>(null);
  const download = useDownloadStatement();
  const onDownload = (settlementId: string, format: 'xlsx' | 'csv') =>
    download.mutate(
      { vendorId, settlementId, format, language: i18n.language },
      {
        onError: (error) =>
          notify({
            message: describeError(error, t, 'finance.download-failed', (key) => i18n.exists(key)),
            tone: 'error',
          }),
      },
    );
  if (settlements.length === 0) return <Text c="dimmed">{t('finance.settlements.empty')}</Text>;
  return (
    <Stack gap="sm">
      {settlements.map((settlement) => (
        <Card key={settlement.settlement_id} withBorder padding="sm" radius="md">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Stack gap={2}>
              <Text fz="sm" c="dimmed">
                {t('finance.settlements.period')}:{' '}
                {formatDay(new Date(settlement.period_end), country.timeZone, i18n.language)}
              </Text>
              <Text fw={700}>{money(settlement.net_minor)}</Text>
            </Stack>
            <Badge color={settlement.status === 'paid' ? 'teal' : 'yellow'}>
              {t(`finance.settlement-status.${settlement.status}`)}
            </Badge>
            <Group gap="xs">
              <Button
                size="xs"
                variant="light"
                onClick={() => setOpen(open === settlement.settlement_id ? null : settlement.settlement_id)}
              >
                {t('finance.settlements.open')}
              </Button>
              <Button size="xs" variant="default" onClick={() => onDownload(settlement.settlement_id, 'xlsx')}>
                {t('finance.settlements.xlsx')}
              </Button>
              <Button size="xs" variant="default" onClick={() => onDownload(settlement.settlement_id, 'csv')}>
                {t('finance.settlements.csv')}
              </Button>
            </Group>
          </Group>
          {open === settlement.settlement_id && (
            <SettlementLines vendorId={vendorId} settlementId={settlement.settlement_id} money={money} />
          )}
        </Card>
      ))}
    </Stack>
  );
}

/** Issue 38: the merchant's cash held by riders, the next settlement, past settlements and each order's money. */
export function FinancePage({ vendorId, vendorName }: FinancePageProps) {
  const { t } = useTranslation();
  const query = useFinance(vendorId);
  const finance = query.data;
  const money = useMoney(finance?.currency ?? 'PKR');
  return (
    <Stack gap="lg">
      <PageHeader title={t('finance.title')} description={vendorName ?? t('finance.description')} />
      {query.isError && <Alert color="red">{t('finance.load-failed')}</Alert>}
      {!finance ? (
        <Skeleton h={240} />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Figure
              label={t('finance.cash-held')}
              hint={t('finance.cash-held-hint')}
              value={money(finance.cash_held_minor)}
            />
            <Figure
              label={t('finance.next-settlement')}
              hint={t('finance.next-settlement-hint')}
              value={money(finance.next_settlement_estimate_minor)}
            />
          </SimpleGrid>
          <Card withBorder padding="md" radius="md">
            <Title order={2} fz="lg" mb="sm">
              {t('finance.chart.title')}
            </Title>
            {finance.collected_per_day.length === 0 ? (
              <Text c="dimmed">{t('finance.chart.empty')}</Text>
            ) : (
              <Suspense fallback={<Skeleton h={220} />}>
                <CashChart days={finance.collected_per_day} currency={finance.currency} />
              </Suspense>
            )}
          </Card>
          <Stack gap="sm">
            <Title order={2} fz="lg">
              {t('finance.settlements.title')}
            </Title>
            <SettlementsTable vendorId={vendorId!} settlements={finance.settlements} money={money} />
          </Stack>
          <Stack gap="sm">
            <Title order={2} fz="lg">
              {t('finance.reconciliation.title')}
            </Title>
            <ScrollArea>
              <Table striped aria-label={t('finance.reconciliation.title')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('finance.reconciliation.order')}</Table.Th>
                    <Table.Th>{t('finance.reconciliation.collected')}</Table.Th>
                    <Table.Th>{t('finance.reconciliation.credited')}</Table.Th>
                    <Table.Th>{t('finance.reconciliation.charged')}</Table.Th>
                    <Table.Th>{t('finance.reconciliation.settled')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {finance.reconciliation.map((row) => (
                    <Table.Tr key={row.order_id}>
                      <Table.Td>{row.order_id}</Table.Td>
                      <Table.Td>{money(row.collected_minor)}</Table.Td>
                      <Table.Td>{money(row.credited_minor)}</Table.Td>
                      <Table.Td>{money(row.charged_minor)}</Table.Td>
                      <Table.Td>
                        {row.settlement_id
                          ? t('finance.reconciliation.settled')
                          : t('finance.reconciliation.not-settled')}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea>
          </Stack>
        </>
      )}
    </Stack>
  );
}
