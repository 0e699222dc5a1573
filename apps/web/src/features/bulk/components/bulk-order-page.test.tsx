import type { BulkJob, BulkJobDetailAnswer, BulkRow } from '@riderdesk/domain/contracts/bulk';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../../test/api.ts';
import { API, apiError } from '../../../../test/handlers.ts';
import { renderRoutes } from '../../../../test/render.tsx';
import { BulkJobPage, BulkOrderPage } from './bulk-order-page.tsx';
import { UploadProgress } from './upload-panel.tsx';

const JOB_ID = '6f1c2a9e-8d1b-4c3a-9e2f-0a1b2c3d4e5f';

function makeJob(overrides: Partial<BulkJob> = {}): BulkJob {
  return {
    metadata: { bulk_job_id: JOB_ID },
    vendor_id: 'p-1',
    file_name: 'orders.xlsx',
    created_by: 'owner@example.pk',
    created_at: '2026-03-10T08:00:00.000Z',
    status: 'PREPROCESS_SUCCESS_WITH_ERROR',
    placement: 'NOT_STARTED',
    totals: { total_rows: 3, orders_to_be_placed: 1, orders_placed: 0, errors: 2 },
    preprocess_metadata: { success_row_count: 1 },
    total_fee: 85,
    currency: 'PKR',
    payment_types: { CASH_ON_DELIVERY: 1 },
    ...overrides,
  };
}

function makeRow(overrides: Partial<BulkRow>): BulkRow {
  return {
    row_number: 2,
    status: 'VALID',
    error: null,
    order_id: null,
    delivery_fee: 85,
    collection_point: 'p-1',
    customer_name: 'Ayesha Khan',
    phone_number: '03001234567',
    drop_off_address: 'Flat 3, Zamzama Commercial',
    item_description: 'Two biryani boxes',
    amount: '1500',
    payment_method: 'CASH_ON_DELIVERY',
    delivery_type: 'INSTANT',
    scheduled_for: null,
    ...overrides,
    errors: overrides.errors ?? (overrides.error ? [overrides.error] : []),
  };
}

const rows = [
  makeRow({}),
  makeRow({
    row_number: 3,
    status: 'INVALID',
    delivery_fee: null,
    customer_name: 'Bilal',
    phone_number: '12',
    error: { key: 'validation.phone-incorrect', field: 'phone_number', values: null },
  }),
  makeRow({
    row_number: 4,
    status: 'INVALID',
    error: { key: 'bulk.error.duplicate-row', field: 'phone_number', values: { row: '2' } },
  }),
];

const detail = (job: BulkJob, orders: BulkRow[] = rows, nextAfterRow: number | null = null): BulkJobDetailAnswer => ({
  code: 200,
  body: { bulk_job: job, orders, next_after_row: nextAfterRow },
});

function renderPage(language = 'en', vendorId = 'p-1', search = '') {
  return renderRoutes(
    [
      {
        path: '/bulk-order/:vendorID',
        element: (
          <BulkOrderPage
            vendorId={vendorId}
            trackingPath={`/order-tracking/${vendorId}`}
            jobPath={(jobId) => `/bulk-order/${vendorId}/${jobId}`}
          />
        ),
      },
      { path: '/order-tracking/:vendorID', element: <p>Tracking page</p> },
      { path: '/bulk-order/:vendorID/:jobID', element: <p>Job page</p> },
    ],
    `/bulk-order/${vendorId}${search}`,
    { language },
  );
}

const xlsx = (name = 'orders.xlsx', size?: number) => {
  const file = new File(['PK\u0003\u0004 workbook'], name, {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
};

/** The inline alert and the 7 s notification both say it (spec §8 bulk errors). */
async function expectAlert(text: string) {
  await waitFor(async () => {
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual(expect.arrayContaining([expect.stringContaining(text)]));
  });
}

const fileInput = (container: HTMLElement) => container.querySelector('input[type="file"]') as HTMLInputElement;

describe('BulkOrderPage', () => {
  it('uploads a file, explains each bad row, confirms and places the good rows, then goes to tracking', async () => {
    let placed = false;
    const api = mockApi(
      http.get(`${API}/bulk-job/all/p-1`, () => HttpResponse.json({ code: 200, body: [] })),
      http.post(`${API}/bulk-job/create`, () => HttpResponse.json(detail(makeJob()))),
      http.post(`${API}/bulk-job/place-orders/${JOB_ID}`, () => {
        placed = true;
        return HttpResponse.json({ code: 200, body: { bulk_job: makeJob({ placement: 'IN_PROGRESS' }) } });
      }),
      http.get(`${API}/bulk-job/detail/p-1/${JOB_ID}`, () =>
        HttpResponse.json(
          placed
            ? detail(
                makeJob({
                  placement: 'DONE',
                  status: 'ORDER_PLACEMENT_SUCCESS_WITH_ERROR',
                  totals: { total_rows: 3, orders_to_be_placed: 1, orders_placed: 1, errors: 2 },
                }),
                [makeRow({ status: 'PLACED', order_id: 'KGH-000001' }), ...rows.slice(1)],
              )
            : detail(makeJob()),
        ),
      ),
    );
    const { container, router } = await renderPage();
    expect(await screen.findByText('Previous uploads')).toBeInTheDocument();
    expect(await screen.findByText('Jobs you place appear here.')).toBeInTheDocument();

    await userEvent.upload(fileInput(container), xlsx());
    const table = await screen.findByRole('table', { name: 'Check your orders' });
    expect(within(table).getByText('This phone number is not valid.')).toBeInTheDocument();
    expect(within(table).getByText('Same order as row 2: only the first is placed.')).toBeInTheDocument();
    const sent = api.sent(`${API}/bulk-job/create`)[0]?.body as {
      vendor_id: string;
      content: string;
      file_name: string;
    };
    expect(sent.vendor_id).toBe('p-1');
    expect(sent.file_name).toBe('orders.xlsx');
    expect(atob(sent.content)).toContain('workbook');

    await userEvent.click(screen.getByRole('button', { name: 'Place 1 order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Place these orders?' });
    expect(within(dialog).getByText(/1 order will be sent to a rider now/)).toHaveTextContent(/85/);
    expect(within(dialog).getByText('Cash on delivery: 1')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Place orders' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/order-tracking/p-1'), { timeout: 4000 });
    expect(api.sent(`${API}/bulk-job/place-orders/${JOB_ID}`)).toHaveLength(1);
  });

  it('keeps the checked job in the address, shows it again after a reload, and forgets it for a new file', async () => {
    mockApi(
      http.get(`${API}/bulk-job/all/p-1`, () => HttpResponse.json({ code: 200, body: [] })),
      http.post(`${API}/bulk-job/create`, () => HttpResponse.json(detail(makeJob()))),
      http.get(`${API}/bulk-job/detail/p-1/${JOB_ID}`, () => HttpResponse.json(detail(makeJob()))),
    );
    const { container, router } = await renderPage();
    await userEvent.upload(fileInput(container), xlsx());
    await screen.findByRole('table', { name: 'Check your orders' });
    await waitFor(() => expect(router.state.location.search).toBe(`?job=${JOB_ID}`));

    await userEvent.click(screen.getByRole('button', { name: 'Upload another file' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('button', { name: 'Download the template' })).toBeInTheDocument();
  });

  it('shows the results of the job the address names, ready to place', async () => {
    mockApi(
      http.get(`${API}/bulk-job/all/p-1`, () => HttpResponse.json({ code: 200, body: [makeJob()] })),
      http.get(`${API}/bulk-job/detail/p-1/${JOB_ID}`, () => HttpResponse.json(detail(makeJob()))),
    );
    await renderPage('en', 'p-1', `?job=${JOB_ID}`);
    const table = await screen.findByRole('table', { name: 'Check your orders' });
    expect(within(table).getByText('This phone number is not valid.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Place 1 order' })).toBeEnabled();
    // The job not placed yet is in the history too, and opens here.
    const history = await screen.findByRole('table', { name: 'Previous uploads' });
    expect(within(history).getByRole('link', { name: 'View' })).toHaveAttribute(
      'href',
      `/bulk-order/p-1?job=${JOB_ID}`,
    );
  });

  it('opens a placed job the address names on its own page', async () => {
    mockApi(
      http.get(`${API}/bulk-job/all/p-1`, () => HttpResponse.json({ code: 200, body: [] })),
      http.get(`${API}/bulk-job/detail/p-1/${JOB_ID}`, () =>
        HttpResponse.json(detail(makeJob({ placement: 'DONE', status: 'ORDER_PLACEMENT_SUCCESS_WITH_ERROR' }))),
      ),
    );
    const { router } = await renderPage('en', 'p-1', `?job=${JOB_ID}`);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/bulk-order/p-1/${JOB_ID}`));
  });

  it('refuses a file that is not XLSX or CSV, and one over 5 MB, before sending it', async () => {
    const api = mockApi(http.get(`${API}/bulk-job/all/p-1`, () => HttpResponse.json({ code: 200, body: [] })));
    const { container } = await renderPage();
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(fileInput(container), new File(['\u0089PNG'], 'photo.png', { type: 'image/png' }));
    await expectAlert('The file must be an XLSX or CSV file (.xlsx or .csv).');
    await user.upload(fileInput(container), xlsx('big.xlsx', 5_242_881));
    await expectAlert('The file is larger than 5 MB.');
    expect(api.sent(`${API}/bulk-job/create`)).toHaveLength(0);
  });

  it.each([
    ['en', 'XLSX or CSV'],
    ['ur_alt', 'XLSX یا CSV'],
  ])(
    'names the same file types (%s) on the page, the drop zone and its hint, as the upload accepts',
    async (language, types) => {
      mockApi(http.get(`${API}/bulk-job/all/p-1`, () => HttpResponse.json({ code: 200, body: [] })));
      const { container } = await renderPage(language);
      const heading = await screen.findByRole('heading', { level: 1 });
      // The page's description, the drop zone's name and its hint: one wording of the types the server reads.
      expect(heading.parentElement).toHaveTextContent(types);
      const zone = fileInput(container).parentElement?.closest('[aria-label]');
      expect(zone?.getAttribute('aria-label')).toContain(types);
      expect(zone).toHaveTextContent(types);
    },
  );

  it('shows the server’s refusal with its details and goes back to asking for a file', async () => {
    mockApi(
      http.get(`${API}/bulk-job/all/p-1`, () => HttpResponse.json({ code: 200, body: [] })),
      http.post(`${API}/bulk-job/create`, () =>
        apiError(400, 'MissingColumns', 'bulk.error.missing-columns', [
          {
            field: 'content',
            message: 'bulk.error.missing-columns',
            meta: { translation_key: 'bulk.error.missing-columns', values: { columns: 'Customer phone' } },
          },
        ]),
      ),
    );
    const { container } = await renderPage();
    await userEvent.upload(fileInput(container), xlsx());
    await expectAlert('Missing: Customer phone.');
    expect(screen.getByRole('button', { name: 'Download the template' })).toBeInTheDocument();
  });

  it('speaks Urdu: the texts and the row errors', async () => {
    mockApi(
      http.get(`${API}/bulk-job/all/p-1`, () => HttpResponse.json({ code: 200, body: [] })),
      http.post(`${API}/bulk-job/create`, () => HttpResponse.json(detail(makeJob()))),
      http.get(`${API}/bulk-job/detail/p-1/${JOB_ID}`, () => HttpResponse.json(detail(makeJob()))),
    );
    const { container } = await renderPage('ur_alt');
    expect(await screen.findByRole('heading', { name: 'بلک آرڈر' })).toBeInTheDocument();
    await userEvent.upload(fileInput(container), xlsx());
    expect(await screen.findByText('یہ فون نمبر درست نہیں۔')).toBeInTheDocument();
    expect(screen.getByText('قطار 2 جیسا ہی آرڈر: صرف پہلا دیا جائے گا۔')).toBeInTheDocument();
  });

  it('lists the vendor’s placed jobs and links each to its detail', async () => {
    mockApi(
      http.get(`${API}/bulk-job/all/p-1`, () =>
        HttpResponse.json({
          code: 200,
          body: [makeJob({ placement: 'DONE', status: 'ORDER_PLACEMENT_SUCCESS', file_name: 'march.xlsx' })],
        }),
      ),
    );
    await renderPage();
    const history = await screen.findByRole('table', { name: 'Previous uploads' });
    expect(within(history).getByText('march.xlsx')).toBeInTheDocument();
    expect(within(history).getByText('All placed')).toBeInTheDocument();
    expect(within(history).getByRole('link', { name: 'View' })).toHaveAttribute('href', `/bulk-order/p-1/${JOB_ID}`);
  });

  it('says when the history cannot be loaded', async () => {
    mockApi(http.get(`${API}/bulk-job/all/p-1`, () => apiError(403, 'Forbidden')));
    await renderPage();
    expect(await screen.findByText('We could not load your bulk jobs.')).toBeInTheDocument();
  });
});

describe('BulkJobPage', () => {
  it('shows a job’s totals and rows with their order ids', async () => {
    mockApi(
      http.get(`${API}/bulk-job/detail/p-1/${JOB_ID}`, () =>
        HttpResponse.json(
          detail(
            makeJob({
              placement: 'DONE',
              status: 'ORDER_PLACEMENT_SUCCESS_WITH_ERROR',
              totals: { total_rows: 3, orders_to_be_placed: 1, orders_placed: 1, errors: 2 },
            }),
            [makeRow({ status: 'PLACED', order_id: 'KGH-000001' }), ...rows.slice(1)],
          ),
        ),
      ),
    );
    await renderRoutes(
      [{ path: '*', element: <BulkJobPage vendorId="p-1" jobId={JOB_ID} backPath="/bulk-order/p-1" /> }],
      '/',
    );
    expect(await screen.findByText('KGH-000001')).toBeInTheDocument();
    expect(screen.getByText('Placed with errors')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download the results' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Back to bulk orders' })).toHaveAttribute('href', '/bulk-order/p-1');
  });
});

describe('BulkJobPage row problems', () => {
  it('lists every problem of a row, not only the first', async () => {
    const problems = [
      { key: 'validation.wrong-customer-name', field: 'customer_name', values: null },
      { key: 'validation.phone-incorrect', field: 'phone_number', values: null },
      { key: 'bulk.error.age-check', field: 'age_check', values: null },
    ];
    mockApi(
      http.get(`${API}/bulk-job/detail/p-1/${JOB_ID}`, () =>
        HttpResponse.json(
          detail(makeJob(), [
            makeRow({ status: 'INVALID', error: problems[0]!, errors: problems, delivery_fee: null }),
          ]),
        ),
      ),
    );
    await renderRoutes(
      [{ path: '*', element: <BulkJobPage vendorId="p-1" jobId={JOB_ID} backPath="/bulk-order/p-1" /> }],
      '/',
    );
    const table = await screen.findByRole('table', { name: 'Check your orders' });
    expect(await within(table).findByText("The customer's name cannot contain numbers.")).toBeInTheDocument();
    expect(within(table).getByText('This phone number is not valid.')).toBeInTheDocument();
    expect(within(table).getByText('Age check must be Yes or No (or left empty for No).')).toBeInTheDocument();
  });
});

describe('BulkJobPage on a phone', () => {
  it('puts each row’s problems under the row, where a narrow screen shows them', async () => {
    const matchMedia = vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query.includes('max-width'),
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
          addListener: () => {},
          removeListener: () => {},
        }) as unknown as MediaQueryList,
    );
    mockApi(http.get(`${API}/bulk-job/detail/p-1/${JOB_ID}`, () => HttpResponse.json(detail(makeJob()))));
    await renderRoutes(
      [{ path: '*', element: <BulkJobPage vendorId="p-1" jobId={JOB_ID} backPath="/bulk-order/p-1" /> }],
      '/',
    );
    const list = await screen.findByRole('list', { name: 'Check your orders' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    expect(within(cards[1]!).getByText('Bilal')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('This phone number is not valid.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Check your orders' })).not.toBeInTheDocument();
    matchMedia.mockRestore();
  });
});

describe('BulkJobPage with many rows', () => {
  it('reads the rows from the server a page at a time, all of them or only those with errors', async () => {
    // 120 rows (2 to 121); every tenth has an error.
    const all = Array.from({ length: 120 }, (_, index) =>
      index % 10 === 0
        ? makeRow({
            row_number: index + 2,
            status: 'INVALID',
            customer_name: `Customer ${index + 2}`,
            error: { key: 'validation.phone-incorrect', field: 'phone_number', values: null },
          })
        : makeRow({ row_number: index + 2, customer_name: `Customer ${index + 2}` }),
    );
    const job = makeJob({ totals: { total_rows: 120, orders_to_be_placed: 108, orders_placed: 0, errors: 12 } });
    const api = mockApi(
      http.get(`${API}/bulk-job/detail/p-1/${JOB_ID}`, ({ request }) => {
        const query = new URL(request.url).searchParams;
        const after = Number(query.get('after_row') ?? 0);
        const matching = all.filter(
          (row) => row.row_number > after && (query.get('only_errors') !== 'true' || row.error !== null),
        );
        const page = matching.slice(0, 50);
        return HttpResponse.json(detail(job, page, matching.length > 50 ? page[49]!.row_number : null));
      }),
    );
    await renderRoutes(
      [{ path: '*', element: <BulkJobPage vendorId="p-1" jobId={JOB_ID} backPath="/bulk-order/p-1" /> }],
      '/',
    );
    const table = await screen.findByRole('table', { name: 'Check your orders' });
    expect(within(table).getByText('Customer 51')).toBeInTheDocument();
    expect(within(table).queryByText('Customer 52')).not.toBeInTheDocument();
    expect(screen.getByText('Rows 1–50 of 120')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous rows' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Next rows' }));
    expect(await within(table).findByText('Customer 52')).toBeInTheDocument();
    expect(screen.getByText('Rows 51–100 of 120')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next rows' }));
    expect(await within(table).findByText('Customer 121')).toBeInTheDocument();
    expect(screen.getByText('Rows 101–120 of 120')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next rows' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Previous rows' }));
    expect(await within(table).findByText('Customer 52')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('switch', { name: 'Show only rows with errors' }));
    expect(await within(table).findByText('Customer 12')).toBeInTheDocument();
    expect(within(table).getByText('Customer 2')).toBeInTheDocument();
    expect(within(table).queryByText('Customer 3')).not.toBeInTheDocument();
    const asked = api.requests
      .filter((call) => call.url.pathname.endsWith(`/bulk-job/detail/p-1/${JOB_ID}`))
      .map((call) => call.url.search);
    expect(asked).toEqual(
      expect.arrayContaining([
        '?after_row=51&only_errors=false',
        '?after_row=101&only_errors=false',
        '?after_row=0&only_errors=true',
      ]),
    );
  });
});

describe('upload progress (spec §4 UPLOADING_EXCEL_FILE)', () => {
  it('shows the share of the file sent while it uploads', async () => {
    await renderRoutes([{ path: '/', element: <UploadProgress fileName="orders.xlsx" sent={0.4} /> }], '/');
    expect(screen.getByText('40%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('counts the rows checked in the merchant’s language', async () => {
    await renderRoutes(
      [
        {
          path: '/',
          element: <UploadProgress fileName="orders.xlsx" sent={1} rowsChecked={{ checked: 1200, total: 3000 }} />,
        },
      ],
      '/',
    );
    expect(screen.getByRole('status')).toHaveTextContent('1,200 of 3,000 rows checked');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
  });
});
