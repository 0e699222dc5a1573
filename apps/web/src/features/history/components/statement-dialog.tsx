import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import type { StatementFormat } from '@riderdesk/domain/contracts/order-list';
import { statementMonths } from '@riderdesk/domain/orders/statement';
import { IconFileSpreadsheet, IconFileTypePdf } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../shared/api/describe-error.ts';
import { useConfig } from '../../../shared/config/config-context.tsx';
import { notify } from '../../../shared/notify.ts';
import { useDownloadStatement } from '../api/get-statement.ts';

export type StatementDialogProps = {
  opened: boolean;
  onClose: () => void;
  vendorId: string;
  /** Follows the branch selector: a parent with all outlets gets a subtotal per outlet. */
  includeOutlets: boolean;
  now: Date;
};

/** The monthly statement (transaction history): a month, then XLSX or PDF. */
export function StatementDialog({ opened, onClose, vendorId, includeOutlets, now }: StatementDialogProps) {
  const { t, i18n } = useTranslation();
  const { country } = useConfig();
  const months = useMemo(() => statementMonths(now, country.timeZone), [now, country.timeZone]);
  // Last month by default: the one a merchant reconciles.
  const [month, setMonth] = useState<string>(months[1] ?? months[0]!);
  const download = useDownloadStatement();
  const label = (value: string) => {
    const [year, monthNumber] = value.split('-').map(Number) as [number, number];
    return new Intl.DateTimeFormat(i18n.language === 'ur_alt' ? 'ur-PK' : 'en-GB', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(Date.UTC(year, monthNumber - 1, 15));
  };
  const get = (format: StatementFormat) =>
    download.mutate(
      { vendorId, includeOutlets, month, format, language: i18n.language },
      {
        onSuccess: () => notify({ message: t('statement.done'), tone: 'success' }),
        onError: (error) =>
          notify({
            message: describeError(error, t, 'statement.failed', (key) => i18n.exists(key)),
            tone: 'error',
          }),
      },
    );
  const pending = (format: StatementFormat) => download.isPending && download.variables?.format === format;

  return (
    <Modal opened={opened} onClose={onClose} title={t('statement.dialog-title')} centered>
      <Stack gap="md">
        <Text fz="sm">{t('statement.dialog-body')}</Text>
        <Select
          label={t('statement.choose-month')}
          data={months.map((value) => ({ value, label: label(value) }))}
          value={month}
          onChange={(value) => value && setMonth(value)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: false }}
        />
        <Group justify="flex-end" gap="sm">
          <Button
            variant="light"
            leftSection={<IconFileSpreadsheet size={16} />}
            loading={pending('xlsx')}
            onClick={() => get('xlsx')}
          >
            {t('statement.xlsx')}
          </Button>
          <Button leftSection={<IconFileTypePdf size={16} />} loading={pending('pdf')} onClick={() => get('pdf')}>
            {t('statement.pdf')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
