import '@mantine/dropzone/styles.css';
import { Button, Group, Paper, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { BULK_FILE_MAX_BYTES } from '@riderdesk/domain/constants';
import { IconDownload, IconFileSpreadsheet, IconUpload, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../shared/format/format.ts';
import { ACCEPTED_MIME_TYPES } from '../bulk-rules.ts';

const maxMegabytes = BULK_FILE_MAX_BYTES / 1024 / 1024;

/** spec §2 template download, beside the upload. */
export function TemplateCard({ onDownload, isDownloading }: { onDownload: () => void; isDownloading: boolean }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" size={40} radius="md">
            <IconFileSpreadsheet size={22} />
          </ThemeIcon>
          <Text fz="sm" maw={520}>
            {t('bulk.upload.template-hint')}
          </Text>
        </Group>
        <Button variant="light" leftSection={<IconDownload size={16} />} onClick={onDownload} loading={isDownloading}>
          {t('bulk.upload.template')}
        </Button>
      </Group>
    </Paper>
  );
}

/** spec §4 ASK_EXCEL_FILE: a drop zone that also opens the file picker. */
export function FileDropzone({ onFile }: { onFile: (file: File) => void }) {
  const { t } = useTranslation();
  return (
    <Dropzone
      // Size and type are judged by bulk-rules.ts so a refusal gets the spec §8 text, not a silent drop.
      onDrop={(files) => files[0] && onFile(files[0])}
      onReject={(rejections) => rejections[0] && onFile(rejections[0].file)}
      accept={[...ACCEPTED_MIME_TYPES]}
      multiple={false}
      radius="md"
      aria-label={t('bulk.upload.drop')}
    >
      <Stack align="center" justify="center" gap="xs" mih={180} style={{ pointerEvents: 'none' }}>
        <Dropzone.Accept>
          <IconUpload size={44} color="var(--mantine-color-orange-6)" />
        </Dropzone.Accept>
        <Dropzone.Reject>
          <IconX size={44} color="var(--mantine-color-red-6)" />
        </Dropzone.Reject>
        <Dropzone.Idle>
          <IconFileSpreadsheet size={44} color="var(--mantine-color-dimmed)" />
        </Dropzone.Idle>
        <Text fz="lg" fw={600} ta="center">
          {t('bulk.upload.drop')}
        </Text>
        <Text fz="sm" c="dimmed" ta="center">
          {t('bulk.upload.browse')}
        </Text>
        <Text fz="xs" c="dimmed" ta="center">
          {t('bulk.upload.hint', { mb: maxMegabytes })}
        </Text>
      </Stack>
    </Dropzone>
  );
}

/** How far the server has checked the rows, as the live socket tells it. */
export interface RowsChecked {
  checked: number;
  total: number;
}

/** spec §4 UPLOADING_EXCEL_FILE: the bytes sent, then the server checking the rows. */
export function UploadProgress({
  fileName,
  sent,
  rowsChecked = null,
}: {
  fileName: string;
  sent: number;
  rowsChecked?: RowsChecked | null;
}) {
  const { t, i18n } = useTranslation();
  const isChecking = sent >= 1;
  const count = (value: number) => formatCount(value, i18n.language);
  const checkedShare = rowsChecked && rowsChecked.total > 0 ? rowsChecked.checked / rowsChecked.total : null;
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Text fw={600}>{isChecking ? t('bulk.upload.checking') : t('bulk.upload.uploading', { name: fileName })}</Text>
        <Progress
          value={isChecking ? Math.round((checkedShare ?? 1) * 100) : Math.round(sent * 100)}
          animated={isChecking}
          striped={isChecking && checkedShare === null}
          size="lg"
          aria-label={t('bulk.upload.uploading', { name: fileName })}
        />
        {!isChecking && (
          <Text fz="sm" c="dimmed">
            {Math.round(sent * 100)}%
          </Text>
        )}
        {isChecking && rowsChecked && (
          <Text fz="sm" c="dimmed" role="status">
            {t('bulk.upload.rows-checked', { checked: count(rowsChecked.checked), total: count(rowsChecked.total) })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
