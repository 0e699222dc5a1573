import type { OperatorRole } from '@riderdesk/domain/console/roles';
import { CONSOLE_ROUTE_PATTERNS } from '@riderdesk/domain/paths';
import {
  type Icon,
  IconBuildingStore,
  IconHistory,
  IconLifebuoy,
  IconMapPin,
  IconMotorbike,
  IconSettings,
  IconTicket,
  IconUsersGroup,
} from '@tabler/icons-react';
import { type LazyComponent, lazyWithRetry } from '../../shared/lazy/retry-import.ts';

/**
 * The console's sections, in the order of its navigation (decision 171). A section is listed here once its page
 * exists: its path in the paths module's CONSOLE_ROUTE_PATTERNS, its title (nav label and page title) in the
 * console's catalogue, the roles that see it (an admin sees every section), and its route adapter under
 * pages/, loaded as a chunk of its own. Hiding a section is a convenience: the server refuses each call of a
 * role the route does not grant, whatever the browser shows.
 */
export interface ConsoleSection {
  id: string;
  path: string;
  titleKey: string;
  icon: Icon;
  roles: readonly OperatorRole[];
  // biome-ignore lint/suspicious/noExplicitAny: any page's chunk.
  page: LazyComponent<any>;
}

export const CONSOLE_SECTIONS: readonly ConsoleSection[] = [
  {
    id: 'support',
    path: CONSOLE_ROUTE_PATTERNS.consoleSupport,
    titleKey: 'console.nav.support',
    icon: IconLifebuoy,
    roles: ['support'],
    page: lazyWithRetry(
      () => import('./pages/support-route.tsx'),
      (m) => m.SupportRoute,
    ),
  },
  {
    id: 'settings',
    path: CONSOLE_ROUTE_PATTERNS.consoleSettings,
    titleKey: 'console.nav.settings',
    icon: IconSettings,
    roles: ['operations'],
    page: lazyWithRetry(
      () => import('./pages/settings-route.tsx'),
      (m) => m.SettingsRoute,
    ),
  },
  {
    id: 'operators',
    path: CONSOLE_ROUTE_PATTERNS.consoleOperators,
    titleKey: 'console.nav.operators',
    icon: IconUsersGroup,
    roles: ['admin'],
    page: lazyWithRetry(
      () => import('./pages/operators-route.tsx'),
      (m) => m.OperatorsRoute,
    ),
  },
  {
    id: 'audit-log',
    path: CONSOLE_ROUTE_PATTERNS.consoleAuditLog,
    titleKey: 'console.nav.audit-log',
    icon: IconHistory,
    roles: ['admin'],
    page: lazyWithRetry(
      () => import('./pages/audit-log-route.tsx'),
      (m) => m.AuditLogRoute,
    ),
  },
  {
    id: 'board',
    path: CONSOLE_ROUTE_PATTERNS.consoleBoard,
    titleKey: 'console.nav.board',
    icon: IconMapPin,
    roles: ['operations', 'support'],
    page: lazyWithRetry(
      () => import('./pages/board-route.tsx'),
      (m) => m.BoardRoute,
    ),
  },
  {
    id: 'riders',
    path: CONSOLE_ROUTE_PATTERNS.consoleRiders,
    titleKey: 'console.nav.riders',
    icon: IconMotorbike,
    roles: ['operations'],
    page: lazyWithRetry(
      () => import('./pages/riders-route.tsx'),
      (m) => m.RidersRoute,
    ),
  },
  {
    id: 'vendors',
    path: CONSOLE_ROUTE_PATTERNS.consoleVendors,
    titleKey: 'console.nav.vendors',
    icon: IconBuildingStore,
    roles: ['operations', 'support'],
    page: lazyWithRetry(
      () => import('./pages/vendors-route.tsx'),
      (m) => m.VendorsRoute,
    ),
  },
  {
    id: 'vouchers',
    path: CONSOLE_ROUTE_PATTERNS.consoleVouchers,
    titleKey: 'console.nav.vouchers',
    icon: IconTicket,
    roles: ['operations'],
    page: lazyWithRetry(
      () => import('./pages/vouchers-route.tsx'),
      (m) => m.VouchersRoute,
    ),
  },
];
