import { ProhibitedItemsPage } from '../../features/legal/components/prohibited-items-page.tsx';

export function ProhibitedItemsRoute() {
  return <ProhibitedItemsPage />;
}
