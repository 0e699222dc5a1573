import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '../../shared/ui/page-loader.tsx';

/** The layout's page slot: the header stays put while the page's code chunk loads. */
export function PageOutlet() {
  return (
    <Suspense fallback={<PageLoader />}>
      <Outlet />
    </Suspense>
  );
}
