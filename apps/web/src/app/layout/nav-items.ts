import type { FlagName } from '@riderdesk/domain/contracts/flags';
import {
  type Icon,
  IconCash,
  IconChartBar,
  IconFileSpreadsheet,
  IconHistory,
  IconMapPin,
  IconMotorbike,
} from '@tabler/icons-react';
import type { VendorSection } from '../vendor-path.ts';

export interface NavItem {
  section: VendorSection;
  labelKey: string;
  icon: Icon;
  flag?: FlagName;
  /** A merchant's tool: not offered to guests (the API refuses them). */
  isMerchantTool?: boolean;
}

// spec §2: tabs Request, Tracking, History, and Bulk order only with its flag.
export const NAV_ITEMS: readonly NavItem[] = [
  { section: 'request-a-rider', labelKey: 'nav.request', icon: IconMotorbike },
  { section: 'order-tracking', labelKey: 'nav.tracking', icon: IconMapPin },
  { section: 'history', labelKey: 'nav.history', icon: IconHistory },
  // Issue 39: insights, a tab beside History.
  { section: 'insights', labelKey: 'nav.insights', icon: IconChartBar, isMerchantTool: true },
  // Issue 38: the merchant's cash and settlements, beside Insights.
  { section: 'finance', labelKey: 'nav.finance', icon: IconCash, isMerchantTool: true },
  { section: 'bulk-order', labelKey: 'nav.bulk', icon: IconFileSpreadsheet, flag: 'BulkOrderUpload' },
];
