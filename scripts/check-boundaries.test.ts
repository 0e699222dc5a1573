import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { checkBoundaries, formatViolation, parseAllowList } from './check-boundaries.ts';

/** A small repository that keeps every rule: features meet in src/app, modules call each other's services. */
const GOOD_TREE: Record<string, string> = {
  'apps/web/src/shared/api/client.ts': 'export const api = {};\n',
  'apps/web/src/features/orders/api/get-orders.ts':
    "import { api } from '../../../shared/api/client.ts';\nexport const getOrders = () => api;\n",
  'apps/web/src/features/orders/components/orders-page.tsx':
    "import { money } from '@riderdesk/domain/money';\nimport { getOrders } from '../api/get-orders.ts';\nexport const OrdersPage = () => [money, getOrders];\n",
  'apps/web/src/features/tracking/components/tracking-page.tsx': 'export const TrackingPage = () => null;\n',
  'apps/web/src/app/router.tsx':
    "import { OrdersPage } from '../features/orders/components/orders-page.tsx';\nexport const routes = [OrdersPage, () => import('../features/tracking/components/tracking-page.tsx')];\n",
  'apps/api/src/modules/vendors/repo.ts': 'export const findVendor = () => null;\n',
  'apps/api/src/modules/vendors/service.ts':
    "import { findVendor } from './repo.ts';\nexport const vendorOf = () => findVendor();\n",
  'apps/api/src/modules/orders/repo.ts': 'export const insertOrder = () => null;\n',
  'apps/api/src/modules/orders/service.ts':
    "import { vendorOf } from '../vendors/service.ts';\nimport { insertOrder } from './repo.ts';\nexport const place = () => [vendorOf(), insertOrder()];\n",
  'packages/domain/src/phone.ts':
    "import { parsePhoneNumberFromString } from 'libphonenumber-js';\nexport const parse = parsePhoneNumberFromString;\n",
  'packages/domain/src/money.ts':
    "import type { Status } from './order-status.ts';\nexport const money = (s: Status) => s;\n",
  // A cycle of types only is erased at build time: allowed.
  'packages/domain/src/order-status.ts':
    "import type { money } from './money.ts';\nexport type Status = string;\nexport type Money = typeof money;\n",
};

const roots: string[] = [];
function writeTree(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'boundaries-'));
  roots.push(root);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

const checkTree = (files: Record<string, string>, allowList?: string[]) =>
  checkBoundaries({ root: writeTree(files), allowList });

describe('check-boundaries', () => {
  it('passes a tree that keeps every boundary', () => {
    expect(checkTree(GOOD_TREE).violations).toEqual([]);
  });

  it('takes each console section for a feature, which may import the console shared folder only', () => {
    const consoleTree = {
      ...GOOD_TREE,
      'apps/web/src/features/console/shared/console-api.ts': 'export const consoleApi = {};\n',
      'apps/web/src/features/console/operators/get-operators.ts':
        "import { consoleApi } from '../shared/console-api.ts';\nexport const getOperators = () => consoleApi;\n",
      'apps/web/src/features/console/audit-log/audit-page.tsx':
        "import { getOperators } from '../operators/get-operators.ts';\nexport const page = getOperators;\n",
      'apps/web/src/features/console/shared/uses-a-section.ts':
        "import { page } from '../audit-log/audit-page.tsx';\nexport const x = page;\n",
      'apps/web/src/features/orders/uses-console.ts':
        "import { consoleApi } from '../console/shared/console-api.ts';\nexport const y = consoleApi;\n",
    };
    expect(checkTree(consoleTree).violations.map(formatViolation).sort()).toEqual([
      'apps/web/src/features/console/audit-log/audit-page.tsx → apps/web/src/features/console/operators/get-operators.ts (feature-imports-feature)',
      'apps/web/src/features/console/shared/uses-a-section.ts → apps/web/src/features/console/audit-log/audit-page.tsx (feature-imports-feature)',
      'apps/web/src/features/orders/uses-console.ts → apps/web/src/features/console/shared/console-api.ts (feature-imports-feature)',
    ]);
  });

  it.each<{ rule: string; file: string; text: string; named: string; extra?: Record<string, string> }>([
    {
      rule: 'feature-imports-feature',
      file: 'apps/web/src/features/orders/components/orders-list.tsx',
      text: "import { TrackingPage } from '../../tracking/components/tracking-page.tsx';\nexport const x = TrackingPage;\n",
      named: 'apps/web/src/features/tracking/components/tracking-page.tsx',
    },
    {
      rule: 'shared-imports-feature',
      file: 'apps/web/src/shared/ui/orders-link.tsx',
      // A type import couples the shared code to the feature all the same.
      text: "import type { getOrders } from '../../features/orders/api/get-orders.ts';\nexport type X = typeof getOrders;\n",
      named: 'apps/web/src/features/orders/api/get-orders.ts',
    },
    {
      rule: 'module-reaches-into-repo',
      file: 'apps/api/src/modules/orders/list.ts',
      text: "export { findVendor } from '../vendors/repo.ts';\n",
      named: 'apps/api/src/modules/vendors/repo.ts',
    },
    {
      rule: 'module-reaches-into-repo',
      file: 'apps/api/src/modules/orders/address.ts',
      text: "import { saveAddress } from '../vendors/address-repo.ts';\nexport const x = saveAddress;\n",
      named: 'apps/api/src/modules/vendors/address-repo.ts',
      extra: { 'apps/api/src/modules/vendors/address-repo.ts': 'export const saveAddress = () => null;\n' },
    },
    {
      rule: 'module-reaches-into-repo',
      file: 'apps/api/src/modules/vendors/orders-of-vendor.ts',
      text: "import { findOrderPage } from '../orders/repo/search.ts';\nexport const x = findOrderPage;\n",
      named: 'apps/api/src/modules/orders/repo/search.ts',
      extra: { 'apps/api/src/modules/orders/repo/search.ts': 'export const findOrderPage = () => null;\n' },
    },
    {
      rule: 'package-outside-its-home',
      file: 'apps/web/src/features/orders/components/phone-field.tsx',
      text: "import { AsYouType } from 'libphonenumber-js';\nexport const x = AsYouType;\n",
      named: 'libphonenumber-js',
    },
    {
      rule: 'package-outside-its-home',
      file: 'packages/domain/src/validation/order-payload.ts',
      // A type, or a subpath of the package, is still the package.
      text: "import type { CountryCode } from 'libphonenumber-js/min';\nexport type X = CountryCode;\n",
      named: 'libphonenumber-js/min',
    },
    {
      rule: 'package-outside-its-home',
      file: 'apps/api/test/phones.test.ts',
      text: "const load = () => import('libphonenumber-js');\nexport { load };\n",
      named: 'libphonenumber-js',
    },
  ])('fails on $rule and names the import ($file)', ({ rule, file, text, named, extra }) => {
    const report = checkTree({ ...GOOD_TREE, ...extra, [file]: text });
    expect(report.violations.map(formatViolation)).toEqual([`${file} → ${named} (${rule})`]);
  });

  // The sources below write templates, inside strings.
  // biome-ignore-start lint/suspicious/noTemplateCurlyInString: source text of the files checked
  it.each([
    {
      file: 'apps/web/src/app/pages/guest-button.tsx',
      text: 'export const go = (navigate: (to: string) => void, id: string) => navigate(`/request-a-rider/${id}`);\n',
      literal: '`/request-a-rider/…`',
    },
    {
      file: 'apps/web/src/features/tracking/components/links.ts',
      text: 'export const receipt = (token: string) => `${window.location.origin}/delivery-receipt/${token}`;\n',
      literal: '`…/delivery-receipt/…`',
    },
    {
      file: 'apps/api/src/modules/vendors/mail.ts',
      text: 'export const link = (base: string, token: string) => `${base}/invitation#token=${token}`;\n',
      literal: '`…/invitation#token=…`',
    },
    {
      file: 'apps/web/src/app/guards.tsx',
      text: "export const home = '/order-tracking';\n",
      literal: '/order-tracking',
    },
    {
      file: 'packages/domain/src/links.ts',
      text: "export const x = '/history?order_id=1';\n",
      literal: '/history?order_id=1',
    },
  ])('fails on a route path written outside the paths module ($literal)', ({ file, text, literal }) => {
    const report = checkTree({ ...GOOD_TREE, [file]: text });
    expect(report.violations.map(formatViolation)).toEqual([`${file} → ${literal} (route-path-outside-paths-module)`]);
  });

  it('lets the paths module, tests, API endpoints and other addresses write what looks like a route', () => {
    const report = checkTree({
      ...GOOD_TREE,
      'packages/domain/src/paths.ts': 'export const tracking = (token: string) => `/tracking/${token}`;\n',
      'apps/web/src/app/router.test.ts': "export const url = '/order-tracking/v-1?order_id=A';\n",
      // The API's own endpoints, declared by Fastify and called by the web's API client.
      'apps/api/src/modules/auth/routes.ts': "export const routes = (app: any) => app.post('/register', () => null);\n",
      'apps/web/src/features/auth/api/register.ts':
        "const API_BASE = '/api/v1';\nexport const register = (api: any) => api.post(`${API_BASE}/register`, {});\n",
      // Another segment that only starts like a route, and an API address under a route's name.
      'apps/api/src/modules/bulk/paths.ts': "export const a = '/historyx';\nexport const b = '/public/tracking/t';\n",
    });
    expect(report.violations).toEqual([]);
  });
  // biome-ignore-end lint/suspicious/noTemplateCurlyInString: source text of the files checked
  it('lets each package with one home be imported there: the map shell, a *-map.tsx, the template, the parse worker', () => {
    const report = checkTree({
      ...GOOD_TREE,
      'apps/web/src/shared/map/map-shell.tsx':
        "import 'leaflet/dist/leaflet.css';\nimport L from 'leaflet';\nimport { MapContainer } from 'react-leaflet';\nexport const x = [L, MapContainer];\n",
      'apps/web/src/features/orders/components/orders-map.tsx':
        "import { Marker } from 'react-leaflet';\nexport const x = Marker;\n",
      'apps/api/src/modules/bulk/template.ts': "import ExcelJS from 'exceljs';\nexport const x = ExcelJS;\n",
      'apps/api/src/modules/bulk/parse-worker.mjs': "import * as XLSX from '@e965/xlsx';\nexport const x = XLSX;\n",
    });
    expect(report.violations).toEqual([]);
  });

  it.each([
    [
      'apps/web/src/features/orders/components/orders-page.tsx',
      "import L from 'leaflet';\nexport const x = L;\n",
      'leaflet',
    ],
    [
      'apps/web/src/features/orders/components/orders-page.tsx',
      "import 'leaflet/dist/leaflet.css';\n",
      'leaflet/dist/leaflet.css',
    ],
    [
      'apps/web/src/features/orders/components/orders-page.tsx',
      "import { Marker } from 'react-leaflet';\nexport const x = Marker;\n",
      'react-leaflet',
    ],
    [
      'apps/web/src/features/orders/components/orders-page.tsx',
      "import dayjs from 'dayjs';\nexport const x = dayjs;\n",
      'dayjs',
    ],
    ['apps/api/src/modules/orders/export.ts', "import ExcelJS from 'exceljs';\nexport const x = ExcelJS;\n", 'exceljs'],
    [
      'apps/api/src/modules/bulk/results.ts',
      "import * as XLSX from '@e965/xlsx';\nexport const x = XLSX;\n",
      '@e965/xlsx',
    ],
    [
      'apps/api/src/modules/bulk/other-worker.mjs',
      "import * as XLSX from '@e965/xlsx';\nexport const x = XLSX;\n",
      '@e965/xlsx',
    ],
  ])('fails on a package imported outside its home (%s)', (file, text, named) => {
    const report = checkTree({ ...GOOD_TREE, [file]: text });
    expect(report.violations.map(formatViolation)).toEqual([`${file} → ${named} (package-outside-its-home)`]);
  });

  it('fails on an import cycle and names the modules it goes through', () => {
    const report = checkTree({
      ...GOOD_TREE,
      'apps/web/src/shared/api/client.ts':
        "import { session } from '../session/session.ts';\nexport const api = { session };\n",
      'apps/web/src/shared/session/session.ts':
        "import { api } from '../api/client.ts';\nexport const session = () => api;\n",
    });
    expect(report.violations).toEqual([
      {
        file: 'apps/web/src/shared/api/client.ts',
        import: 'apps/web/src/shared/session/session.ts',
        rule: 'import-cycle',
        cycle: [
          'apps/web/src/shared/api/client.ts',
          'apps/web/src/shared/session/session.ts',
          'apps/web/src/shared/api/client.ts',
        ],
      },
    ]);
  });

  it('tolerates what the allow-list names, and reports entries that no longer match', () => {
    const bad = "import { findVendor } from '../vendors/repo.ts';\nexport const x = findVendor;\n";
    const entry =
      'apps/api/src/modules/orders/list.ts → apps/api/src/modules/vendors/repo.ts (module-reaches-into-repo)';
    const allowList = parseAllowList(
      `# until the API restructure\n\n${entry}\nsome/file.ts → gone.ts (import-cycle)\n`,
    );
    const report = checkTree({ ...GOOD_TREE, 'apps/api/src/modules/orders/list.ts': bad }, allowList);
    expect(report.violations).toEqual([]);
    expect(report.allowed.map(formatViolation)).toEqual([entry]);
    expect(report.stale).toEqual(['some/file.ts → gone.ts (import-cycle)']);
  });

  it('exits non-zero from the command line and prints each violation', () => {
    const root = writeTree({
      ...GOOD_TREE,
      'apps/web/src/features/tracking/api/orders.ts':
        "import { getOrders } from '../../orders/api/get-orders.ts';\nexport const x = getOrders;\n",
    });
    const script = fileURLToPath(new URL('./check-boundaries.ts', import.meta.url));
    const run = () =>
      execFileSync(process.execPath, ['--import', 'tsx', script, '--root', root], { encoding: 'utf8', stdio: 'pipe' });
    let failure: { status: number; stderr: string } | null = null;
    try {
      run();
    } catch (error) {
      failure = error as { status: number; stderr: string };
    }
    expect(failure?.status).toBe(1);
    expect(failure?.stderr).toContain(
      'apps/web/src/features/tracking/api/orders.ts → apps/web/src/features/orders/api/get-orders.ts (feature-imports-feature)',
    );
  });
});
