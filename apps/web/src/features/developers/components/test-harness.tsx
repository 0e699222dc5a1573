import type { Vendor } from '@riderdesk/domain/contracts/vendors';
import { useState } from 'react';
import { makeVendor } from '../../../../test/fixtures.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import type { DeveloperTab } from '../developer-tabs.ts';
import { DevelopersPage } from './developers-page.tsx';

export const PARENT = makeVendor({ vendor_id: 'p-1', name: 'Karachi Kitchens', is_parent: true });
export const CLIFTON = makeVendor({ vendor_id: 'p-1-c', name: 'Clifton', parent_vendor_id: 'p-1' });
export const GULSHAN = makeVendor({ vendor_id: 'p-1-g', name: 'Gulshan', parent_vendor_id: 'p-1' });

function Harness({ vendors, initialTab }: { vendors: Vendor[]; initialTab: DeveloperTab }) {
  const [tab, setTab] = useState(initialTab);
  return <DevelopersPage vendors={vendors} selectedVendor={vendors[1] ?? null} tab={tab} onTabChange={setTab} />;
}

/** The Developers page as its route hands it the shell's branches. */
export function renderDevelopers(tab: DeveloperTab, language = 'en', vendors: Vendor[] = [PARENT, CLIFTON, GULSHAN]) {
  return renderWithProviders(<Harness vendors={vendors} initialTab={tab} />, { language });
}
