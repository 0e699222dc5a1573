import { ActionIcon, Alert, Badge, Button, Loader, Menu, Paper, Table, Text, VisuallyHidden } from '@mantine/core';
import type { ConsoleVoucher } from '@riderdesk/domain/contracts/console-vouchers';
import { IconDots, IconTicket } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../shared/format/format.ts';
import { notify } from '../../../../shared/notify.ts';
import { PageHeader } from '../../../../shared/ui/page-header.tsx';
import { useConsoleErrorText } from '../../shared/use-console-error-text.ts';
import { usePauseVoucher } from '../api/change-voucher.ts';
import { useVouchers } from '../api/get-vouchers.ts';
import { discountText, limitsText, STATUS_COLOURS, validityText } from '../vouchers-view.ts';
import { UsesDialog } from './uses-dialog.tsx';
import { VoucherDialog } from './voucher-dialog.tsx';

type Dialog = { kind: 'new' } | { kind: 'edit' | 'uses'; voucher: ConsoleVoucher } | null;

/** The console's Vouchers page (admin, operations): every voucher, its window, limits, uses and discount given. */
export function VouchersPage({ currency, timeZone }: { currency: string; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const errorText = useConsoleErrorText();
  const vouchers = useVouchers();
  const pause = usePauseVoucher();
  const [dialog, setDialog] = useState<Dialog>(null);

  const setPaused = (voucher: ConsoleVoucher, isPaused: boolean) =>
    pause.mutate(
      { code: voucher.code, isPaused },
      {
        onSuccess: () =>
          notify({
            message: t(isPaused ? 'console.vouchers.paused' : 'console.vouchers.resumed', { code: voucher.code }),
            tone: 'success',
          }),
        onError: (error) => notify({ message: errorText(error), tone: 'error' }),
      },
    );

  return (
    <>
      <PageHeader
        title={t('console.vouchers.title')}
        description={t('console.vouchers.description')}
        actions={
          <Button leftSection={<IconTicket size={18} />} onClick={() => setDialog({ kind: 'new' })}>
            {t('console.vouchers.new')}
          </Button>
        }
      />
      {vouchers.isPending && <Loader aria-label={t('console.loading')} />}
      {vouchers.isError && (
        <Alert color="red" role="alert">
          {errorText(vouchers.error)}
        </Alert>
      )}
      {vouchers.isSuccess && vouchers.data.length === 0 && <Text c="dimmed">{t('console.vouchers.empty')}</Text>}
      {vouchers.isSuccess && vouchers.data.length > 0 && (
        <Paper withBorder>
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('console.vouchers.code')}</Table.Th>
                  <Table.Th>{t('console.vouchers.validity')}</Table.Th>
                  <Table.Th>{t('console.vouchers.limits')}</Table.Th>
                  <Table.Th>{t('console.vouchers.status-label')}</Table.Th>
                  <Table.Th>{t('console.vouchers.uses')}</Table.Th>
                  <Table.Th>{t('console.vouchers.discount-given')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('console.vouchers.actions-of', { code: '' })}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {vouchers.data.map((voucher) => {
                  const limits = limitsText(voucher, t, i18n.language);
                  return (
                    <Table.Tr key={voucher.code} data-testid="voucher-row">
                      <Table.Td>
                        <Text fw={600} fz="sm" dir="ltr" ta="start">
                          {voucher.code}
                        </Text>
                        <Text fz="xs" c="dimmed">
                          {discountText(voucher, t, i18n.language)}
                          {' · '}
                          {voucher.vendor_ids.length === 0
                            ? t('console.vouchers.every-vendor')
                            : t('console.vouchers.some-vendors', { count: voucher.vendor_ids.length })}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text fz="sm">{validityText(voucher, t)}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text fz="sm">{limits.length > 0 ? limits.join(' · ') : t('console.vouchers.no-limits')}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Badge color={STATUS_COLOURS[voucher.status]} variant="light">
                          {t(`console.vouchers.status.${voucher.status}`)}
                        </Badge>
                      </Table.Td>
                      <Table.Td data-testid="voucher-uses">{voucher.uses}</Table.Td>
                      <Table.Td>{formatMoney(voucher.discount_given, voucher.currency, i18n.language)}</Table.Td>
                      <Table.Td ta="end">
                        <Menu position="bottom-end" withinPortal>
                          <Menu.Target>
                            <ActionIcon
                              variant="subtle"
                              color="gray"
                              aria-label={t('console.vouchers.actions-of', { code: voucher.code })}
                            >
                              <IconDots size={18} />
                            </ActionIcon>
                          </Menu.Target>
                          <Menu.Dropdown>
                            <Menu.Item onClick={() => setDialog({ kind: 'edit', voucher })}>
                              {t('console.vouchers.edit')}
                            </Menu.Item>
                            <Menu.Item onClick={() => setDialog({ kind: 'uses', voucher })}>
                              {t('console.vouchers.uses')}
                            </Menu.Item>
                            <Menu.Item onClick={() => setPaused(voucher, voucher.status !== 'paused')}>
                              {voucher.status === 'paused' ? t('console.vouchers.resume') : t('console.vouchers.pause')}
                            </Menu.Item>
                          </Menu.Dropdown>
                        </Menu>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      {dialog?.kind === 'new' && (
        <VoucherDialog voucher={null} currency={currency} timeZone={timeZone} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'edit' && (
        <VoucherDialog
          voucher={dialog.voucher}
          currency={currency}
          timeZone={timeZone}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'uses' && (
        <UsesDialog voucher={dialog.voucher} timeZone={timeZone} onClose={() => setDialog(null)} />
      )}
    </>
  );
}
