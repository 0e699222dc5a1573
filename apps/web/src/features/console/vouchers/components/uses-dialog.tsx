import { Alert, Loader, Modal, Table, Text } from '@mantine/core';
import type { ConsoleVoucher } from '@riderdesk/domain/contracts/console-vouchers';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney } from '../../../../shared/format/format.ts';
import { useConsoleErrorText } from '../../shared/use-console-error-text.ts';
import { useVoucherUses } from '../api/get-vouchers.ts';

/** The orders placed with a voucher and what it took off each. */
export function UsesDialog({
  voucher,
  timeZone,
  onClose,
}: {
  voucher: ConsoleVoucher;
  timeZone: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const errorText = useConsoleErrorText();
  const uses = useVoucherUses(voucher.code);
  return (
    <Modal opened onClose={onClose} title={t('console.vouchers.uses-of', { code: voucher.code })} size="xl">
      {uses.isPending && <Loader aria-label={t('console.loading')} />}
      {uses.isError && (
        <Alert color="red" role="alert">
          {errorText(uses.error)}
        </Alert>
      )}
      {uses.isSuccess && uses.data.length === 0 && <Text c="dimmed">{t('console.vouchers.no-uses')}</Text>}
      {uses.isSuccess && uses.data.length > 0 && (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs" fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('console.vouchers.order')}</Table.Th>
                <Table.Th>{t('console.vouchers.vendor')}</Table.Th>
                <Table.Th>{t('console.vouchers.order-status')}</Table.Th>
                <Table.Th>{t('console.vouchers.placed')}</Table.Th>
                <Table.Th>{t('console.vouchers.discount')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {uses.data.map((use) => (
                <Table.Tr key={use.order_id} data-testid="voucher-use">
                  <Table.Td dir="ltr">{use.order_id}</Table.Td>
                  <Table.Td>{use.vendor_name}</Table.Td>
                  <Table.Td dir="ltr">{use.status}</Table.Td>
                  <Table.Td>{formatDateTime(new Date(use.created_at), timeZone, i18n.language)}</Table.Td>
                  <Table.Td>{formatMoney(use.discount, voucher.currency, i18n.language)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Modal>
  );
}
