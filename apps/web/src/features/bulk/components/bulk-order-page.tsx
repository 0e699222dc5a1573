import { Alert, Button, Container, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { bulkFlowReducer, INITIAL_BULK_FLOW, isPlacementSuccess } from '@riderdesk/domain/bulk/bulk-flow';
import { BULK_FILE_MAX_BYTES } from '@riderdesk/domain/constants';
import { BulkJobIdSchema } from '@riderdesk/domain/contracts/bulk';
import { IconAlertTriangle, IconArrowLeft, IconCheck, IconDownload, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiRequestError } from '../../../shared/api/api-error.ts';
import { orderKeys } from '../../../shared/api/query-keys.ts';
import { useConfig } from '../../../shared/config/config-context.tsx';
import { formatDateTime } from '../../../shared/format/format.ts';
import { useLiveEvents } from '../../../shared/live/live-store.ts';
import { notify } from '../../../shared/notify.ts';
import { EmptyPanel } from '../../../shared/ui/empty-panel.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { bulkKeys } from '../api/bulk-keys.ts';
import { useBulkJob } from '../api/get-bulk-job.ts';
import { getBulkResultsFile, getBulkTemplate, saveFile } from '../api/get-bulk-template.ts';
import { usePlaceBulkOrders } from '../api/place-bulk-orders.ts';
import { useUploadBulkFile } from '../api/upload-bulk-file.ts';
import { fileProblem } from '../bulk-rules.ts';
import { BulkRowsTable } from './bulk-rows-table.tsx';
import { BulkTotals } from './bulk-totals.tsx';
import { JobHistory, JobStatusBadge } from './job-history.tsx';
import { PlaceOrdersDialog } from './place-orders-dialog.tsx';
import { FileDropzone, type RowsChecked, TemplateCard, UploadProgress } from './upload-panel.tsx';

const maxMegabytes = BULK_FILE_MAX_BYTES / 1024 / 1024;
/** The address's parameter naming the checked job the page shows. */
export const JOB_PARAM = 'job';

/** Downloads the job's rows with their outcome (the server writes the file in the user's language). */
function ResultsFileButton({ vendorId, jobId }: { vendorId: string; jobId: string }) {
  const { t, i18n } = useTranslation();
  const [isDownloading, setDownloading] = useState(false);
  async function download() {
    setDownloading(true);
    try {
      saveFile(await getBulkResultsFile(vendorId, jobId, i18n.language), `Results-${jobId.slice(0, 8)}.xlsx`);
    } catch {
      notify({ message: t('bulk.error.results-file'), tone: 'error', kind: 'bulk' });
    } finally {
      setDownloading(false);
    }
  }
  return (
    <Button variant="default" leftSection={<IconDownload size={16} />} onClick={download} loading={isDownloading}>
      {t('bulk.results.download')}
    </Button>
  );
}

/** A refused upload or call as a sentence: the server's key with its values, else the spec §8 fallback. */
function useErrorText() {
  const { t, i18n } = useTranslation();
  return (error: unknown, fallbackKey: string) => {
    if (error instanceof ApiRequestError) {
      if (error.isNetworkError) return t('error.offline');
      const key = error.firstTranslationKey ?? error.message;
      if (key && i18n.exists(key)) return t(key, error.firstTranslationValues ?? {});
    }
    return t(fallbackKey);
  };
}

export interface BulkOrderPageProps {
  vendorId: string | null;
  trackingPath: string;
  jobPath: (jobId: string) => string;
}

/** spec §2 bulk order: template, upload, preprocess results, confirmation, placement and job history (§4 flow). */
export function BulkOrderPage({ vendorId, trackingPath, jobPath }: BulkOrderPageProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const [flow, dispatch] = useReducer(bulkFlowReducer, INITIAL_BULK_FLOW);
  const [upload, setUpload] = useState<{ name: string; sent: number }>({ name: '', sent: 0 });
  const [rowsChecked, setRowsChecked] = useState<RowsChecked | null>(null);
  const uploadId = useRef<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [isDownloading, setDownloading] = useState(false);
  const uploadFile = useUploadBulkFile();
  const placeOrders = usePlaceBulkOrders();
  const job = useBulkJob(vendorId, flow.jobId);
  // The checked job is in the address (?job=…), so a reload or a link from the history shows its results again.
  const [searchParams, setSearchParams] = useSearchParams();
  const linkedJobId = BulkJobIdSchema.safeParse(searchParams.get(JOB_PARAM)).data ?? null;
  const linkJob = (id: string | null) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set(JOB_PARAM, id);
        else next.delete(JOB_PARAM);
        return next;
      },
      { replace: true },
    );

  // spec §4: a vendor change restarts the flow (the history below follows it by its query key).
  const previousVendor = useRef(vendorId);
  useEffect(() => {
    if (previousVendor.current === vendorId) return;
    previousVendor.current = vendorId;
    dispatch({ type: 'RESET' });
    setProblem(null);
  }, [vendorId]);

  // The job the merchant left (a new file, a failed placement): its id may linger in the address a moment.
  const dismissedJobId = useRef<string | null>(null);
  const restoredJobId = useRef<string | null>(null);
  useEffect(() => {
    if (!linkedJobId || linkedJobId === flow.jobId || linkedJobId === dismissedJobId.current) return;
    if (flow.step !== 'ASK_EXCEL_FILE' && flow.step !== 'SHOW_PREPROCESS_RESULTS') return;
    restoredJobId.current = linkedJobId;
    dispatch({ type: 'RESTORED', jobId: linkedJobId });
  }, [linkedJobId, flow.step, flow.jobId]);

  // A restored job already placed (or placing) is shown on its own page; one that cannot be read is let go.
  const restoredJob =
    flow.step === 'SHOW_PREPROCESS_RESULTS' && flow.jobId === restoredJobId.current ? job.data?.bulk_job : undefined;
  useEffect(() => {
    if (restoredJob && restoredJob.placement !== 'NOT_STARTED') {
      navigate(jobPath(restoredJob.metadata.bulk_job_id), { replace: true });
    }
  }, [restoredJob, navigate, jobPath]);
  const isJobUnreadable = flow.step === 'SHOW_PREPROCESS_RESULTS' && job.isError;
  useEffect(() => {
    if (!isJobUnreadable) return;
    notify({ message: t('bulk.error.view-details'), tone: 'error', kind: 'bulk' });
    dispatch({ type: 'RESET' });
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(JOB_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [isJobUnreadable, t, setSearchParams]);

  // The live socket tells how far the server's checking of this upload has gone, and when a job placing
  // here moves on (the job's own query also polls, for when the socket is away).
  const jobId = flow.jobId;
  useLiveEvents({
    onBulkJobUpdate: (update) => {
      if (update.upload_id && update.upload_id === uploadId.current && update.total_rows !== undefined) {
        setRowsChecked({ checked: update.rows_checked ?? 0, total: update.total_rows });
      } else if (jobId && update.bulk_job_id === jobId && vendorId) {
        // One read of the job at a time: chunks of a large job are announced faster than it is read.
        void queryClient.invalidateQueries({ queryKey: bulkKeys.detail(vendorId, jobId) }, { cancelRefetch: false });
      }
    },
  });

  const placedJob = job.data?.bulk_job;
  useEffect(() => {
    if (flow.step !== 'SHOW_ORDER_PLACEMENT_RESULTS' || !flow.isPlacing || placedJob?.placement !== 'DONE') return;
    dispatch({ type: 'PLACEMENT_FINISHED', status: placedJob.status });
    if (isPlacementSuccess(placedJob.status)) {
      notify({ message: t('bulk.place-order-success'), tone: 'success', kind: 'bulk' });
      void queryClient.invalidateQueries({ queryKey: orderKeys.lists });
      // spec §2: after a bulk flow succeeds the user goes to tracking.
      navigate(trackingPath);
    } else {
      notify({ message: t('bulk.place-order-error'), tone: 'error', kind: 'bulk' });
    }
  }, [flow.step, flow.isPlacing, placedJob, navigate, queryClient, t, trackingPath]);

  if (!vendorId) {
    return (
      <Container size="lg" px={0}>
        <PageHeader title={t('bulk.title')} description={t('bulk.description', { mb: maxMegabytes })} />
        <EmptyPanel icon={<IconUpload size={30} />} title={t('bulk.upload.choose-branch')} description="" />
      </Container>
    );
  }

  async function downloadTemplate() {
    setDownloading(true);
    try {
      saveFile(await getBulkTemplate(i18n.language), 'Template.xlsx');
    } catch {
      notify({ message: t('bulk.error.template-file'), tone: 'error', kind: 'bulk' });
    } finally {
      setDownloading(false);
    }
  }

  function send(file: File) {
    const refusal = fileProblem(file);
    if (refusal) {
      setProblem(t(refusal));
      notify({ message: t(refusal), tone: 'error', kind: 'bulk' });
      return;
    }
    setProblem(null);
    setUpload({ name: file.name, sent: 0 });
    setRowsChecked(null);
    uploadId.current = crypto.randomUUID();
    dispatch({ type: 'UPLOAD_STARTED' });
    uploadFile.mutate(
      {
        vendorId: vendorId!,
        file,
        uploadId: uploadId.current,
        onProgress: (sent) => setUpload({ name: file.name, sent }),
      },
      {
        onSuccess: (answer) => {
          restoredJobId.current = null;
          dispatch({ type: 'PREPROCESSED', jobId: answer.bulk_job.metadata.bulk_job_id });
          linkJob(answer.bulk_job.metadata.bulk_job_id);
        },
        onError: (error) => {
          const text = errorText(error, 'bulk.error.file-upload');
          setProblem(text);
          notify({ message: text, tone: 'error', kind: 'bulk' });
          dispatch({ type: 'UPLOAD_FAILED' });
        },
      },
    );
  }

  function place() {
    if (!flow.jobId) return;
    placeOrders.mutate(flow.jobId, {
      onSuccess: () => dispatch({ type: 'PLACEMENT_STARTED' }),
      onError: () => {
        notify({ message: t('bulk.place-order-error'), tone: 'error', kind: 'bulk' });
        dispatch({ type: 'PLACEMENT_FAILED' });
      },
    });
  }

  const reset = () => {
    dismissedJobId.current = flow.jobId;
    dispatch({ type: 'RESET' });
    setProblem(null);
    linkJob(null);
  };
  const detail = job.data;

  return (
    <Container size="lg" px={0}>
      <PageHeader title={t('bulk.title')} description={t('bulk.description', { mb: maxMegabytes })} />

      {flow.step === 'ASK_EXCEL_FILE' && (
        <Stack gap="md">
          <TemplateCard onDownload={downloadTemplate} isDownloading={isDownloading} />
          {problem && (
            <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
              {problem}
            </Alert>
          )}
          <FileDropzone onFile={send} />
        </Stack>
      )}

      {flow.step === 'UPLOADING_EXCEL_FILE' && (
        <UploadProgress fileName={upload.name} sent={upload.sent} rowsChecked={rowsChecked} />
      )}

      {flow.step === 'SHOW_PREPROCESS_RESULTS' && detail && (
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap">
            <div>
              <Title order={2} fz="lg">
                {t('bulk.results.title')}
              </Title>
              {detail.bulk_job.file_name && (
                <Text fz="sm" c="dimmed">
                  {t('bulk.results.file', { name: detail.bulk_job.file_name })}
                </Text>
              )}
            </div>
            <JobStatusBadge job={detail.bulk_job} />
          </Group>
          <BulkTotals job={detail.bulk_job} />
          {detail.bulk_job.totals.orders_to_be_placed === 0 ? (
            <Alert color="red" icon={<IconAlertTriangle size={18} />}>
              {t('bulk.results.none')}
            </Alert>
          ) : (
            detail.bulk_job.totals.errors > 0 && (
              <Alert color="yellow" icon={<IconAlertTriangle size={18} />}>
                {t('bulk.results.fix-hint')}
              </Alert>
            )
          )}
          <Group gap="sm">
            <Button
              onClick={() => dispatch({ type: 'CONFIRM_OPENED' })}
              disabled={detail.bulk_job.totals.orders_to_be_placed === 0}
            >
              {t('bulk.results.place', { count: detail.bulk_job.totals.orders_to_be_placed })}
            </Button>
            <Button variant="default" onClick={reset}>
              {t('bulk.results.new-file')}
            </Button>
            {detail.bulk_job.totals.errors > 0 && (
              <ResultsFileButton vendorId={detail.bulk_job.vendor_id} jobId={detail.bulk_job.metadata.bulk_job_id} />
            )}
          </Group>
          <Paper withBorder radius="md" p="md">
            <BulkRowsTable
              vendorId={detail.bulk_job.vendor_id}
              jobId={detail.bulk_job.metadata.bulk_job_id}
              firstPage={detail}
              totals={detail.bulk_job.totals}
              currency={detail.bulk_job.currency}
            />
          </Paper>
          <PlaceOrdersDialog
            job={detail.bulk_job}
            isOpen={flow.isConfirming}
            isPlacing={placeOrders.isPending}
            onConfirm={place}
            onClose={() => dispatch({ type: 'CONFIRM_CLOSED' })}
          />
        </Stack>
      )}

      {flow.step === 'SHOW_ORDER_PLACEMENT_RESULTS' && detail && (
        <Paper withBorder radius="md" p="lg">
          <Stack gap="sm">
            <Title order={2} fz="lg">
              {t('bulk.placement.title')}
            </Title>
            <Progress
              size="lg"
              value={
                detail.bulk_job.totals.orders_to_be_placed === 0
                  ? 100
                  : (100 * detail.bulk_job.totals.orders_placed) / detail.bulk_job.totals.orders_to_be_placed
              }
              animated={flow.isPlacing}
              aria-label={t('bulk.placement.title')}
            />
            <Text fz="sm">
              {t('bulk.placement.progress', {
                done: detail.bulk_job.totals.orders_placed,
                total: detail.bulk_job.totals.orders_to_be_placed,
              })}
            </Text>
            {!flow.isPlacing && (
              <Group>
                <Button component={Link} to={trackingPath} leftSection={<IconCheck size={16} />}>
                  {t('bulk.placement.go-tracking')}
                </Button>
              </Group>
            )}
          </Stack>
        </Paper>
      )}

      <JobHistory vendorId={vendorId} jobPath={jobPath} />
    </Container>
  );
}

/** spec §2 /bulk-order/{vendorID}/{bulkJobID}: a job's totals and rows with their outcome and order ids. */
export function BulkJobPage({
  vendorId,
  jobId,
  backPath,
}: {
  vendorId: string | null;
  jobId: string;
  backPath: string;
}) {
  const { t, i18n } = useTranslation();
  const { country } = useConfig();
  const job = useBulkJob(vendorId, jobId);
  const back = (
    <Button
      component={Link}
      to={backPath}
      variant="subtle"
      leftSection={<IconArrowLeft size={16} className="flip-rtl" />}
    >
      {t('bulk.job.back')}
    </Button>
  );

  useEffect(() => {
    if (job.isError) notify({ message: t('bulk.error.view-details'), tone: 'error', kind: 'bulk' });
  }, [job.isError, t]);

  return (
    <Container size="lg" px={0}>
      <PageHeader title={t('bulk.job.title', { id: jobId.slice(0, 8) })} actions={back} />
      {job.isError ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} />}>
          {t('bulk.error.view-details')}
        </Alert>
      ) : !job.data ? (
        <Progress value={100} animated aria-label={t('bulk.job.title', { id: jobId.slice(0, 8) })} />
      ) : (
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap">
            <Text fz="sm" c="dimmed">
              {t('bulk.job.created', {
                date: formatDateTime(new Date(job.data.bulk_job.created_at), country.timeZone, i18n.language),
                by: job.data.bulk_job.created_by ?? '—',
              })}
            </Text>
            <Group gap="sm">
              <JobStatusBadge job={job.data.bulk_job} />
              <ResultsFileButton vendorId={job.data.bulk_job.vendor_id} jobId={jobId} />
            </Group>
          </Group>
          <BulkTotals job={job.data.bulk_job} />
          <Paper withBorder radius="md" p="md">
            <BulkRowsTable
              vendorId={job.data.bulk_job.vendor_id}
              jobId={jobId}
              firstPage={job.data}
              totals={job.data.bulk_job.totals}
              currency={job.data.bulk_job.currency}
              isPolling={job.data.bulk_job.placement === 'IN_PROGRESS'}
            />
          </Paper>
        </Stack>
      )}
    </Container>
  );
}
