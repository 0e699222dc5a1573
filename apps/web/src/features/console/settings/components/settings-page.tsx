import { Tabs } from '@mantine/core';
import type { OperatorSelf } from '@riderdesk/domain/contracts/console-sign-in';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../../shared/ui/page-header.tsx';
import { type SettingsTab, settingsTabsOf } from '../settings-view.ts';
import { CountryPanel } from './country-panel.tsx';
import { FlagsPanel } from './flags-panel.tsx';
import { MaintenancePanel } from './maintenance-panel.tsx';
import { PartnersPanel } from './partners-panel.tsx';

/** The console's Platform settings page: admins see every tab, operations the flags. */
export function SettingsPage({
  self,
  tab,
  onTab,
  countryCode,
  timeZone,
}: {
  self: OperatorSelf;
  tab: SettingsTab;
  onTab: (tab: SettingsTab) => void;
  countryCode: string;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const tabs = settingsTabsOf(self.role);
  return (
    <>
      <PageHeader title={t('console.settings.title')} description={t('console.settings.description')} />
      <Tabs value={tab} onChange={(value) => value && onTab(value as SettingsTab)} keepMounted={false}>
        <Tabs.List mb="md">
          {tabs.map((id) => (
            <Tabs.Tab key={id} value={id}>
              {t(`console.settings.tab.${id}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="maintenance">
          <MaintenancePanel />
        </Tabs.Panel>
        <Tabs.Panel value="flags">
          <FlagsPanel countryCode={countryCode} />
        </Tabs.Panel>
        <Tabs.Panel value="country">
          <CountryPanel />
        </Tabs.Panel>
        <Tabs.Panel value="partners">
          <PartnersPanel timeZone={timeZone} />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
