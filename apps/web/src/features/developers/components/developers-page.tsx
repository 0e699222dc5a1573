import { Box, Tabs } from '@mantine/core';
import type { Vendor } from '@riderdesk/domain/contracts/vendors';
import { IconActivity, IconKey, IconWebhook } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { DEVELOPER_TABS, type DeveloperTab } from '../developer-tabs.ts';
import { defaultOwner } from '../developer-vendors.ts';
import { ActivityPanel } from './activity-panel.tsx';
import { ApiClientsPanel } from './api-clients-panel.tsx';
import { WebhooksPanel } from './webhooks-panel.tsx';

/** Settings → Developers (issue 35): what a merchant's own system needs to book and follow riders. */
export function DevelopersPage({
  vendors,
  selectedVendor,
  tab,
  onTabChange,
}: {
  vendors: readonly Vendor[];
  selectedVendor: Vendor | null;
  tab: DeveloperTab;
  onTabChange: (tab: DeveloperTab) => void;
}) {
  const { t } = useTranslation();
  const owner = defaultOwner(vendors, selectedVendor);
  const current = DEVELOPER_TABS.includes(tab) ? tab : DEVELOPER_TABS[0];
  return (
    <>
      <PageHeader title={t('developers.title')} description={t('developers.description')} />
      <Tabs value={current} onChange={(value) => value && onTabChange(value as DeveloperTab)} keepMounted={false}>
        {/* Phones: the three names without their icons, on one line that scrolls rather than wraps. */}
        <Tabs.List mb="lg" style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
          <Tabs.Tab value="clients" leftSection={<TabIcon icon={<IconKey size={16} />} />}>
            {t('developers.tabs.clients')}
          </Tabs.Tab>
          <Tabs.Tab value="webhooks" leftSection={<TabIcon icon={<IconWebhook size={16} />} />}>
            {t('developers.tabs.webhooks')}
          </Tabs.Tab>
          <Tabs.Tab value="activity" leftSection={<TabIcon icon={<IconActivity size={16} />} />}>
            {t('developers.tabs.activity')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="clients">
          <ApiClientsPanel vendors={vendors} initialVendorId={owner} />
        </Tabs.Panel>
        <Tabs.Panel value="webhooks">
          <WebhooksPanel vendors={vendors} initialVendorId={owner} />
        </Tabs.Panel>
        <Tabs.Panel value="activity">
          <ActivityPanel />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

const TabIcon = ({ icon }: { icon: ReactNode }) => (
  <Box component="span" visibleFrom="xs" style={{ display: 'inline-flex' }}>
    {icon}
  </Box>
);
