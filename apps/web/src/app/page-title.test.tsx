import { waitFor } from '@testing-library/react';
import { act } from 'react';
import { Outlet } from 'react-router';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../test/fixtures.ts';
import { renderRoutes } from '../../test/render.tsx';
import { PageTitle } from './page-title.tsx';

const routes = [
  {
    element: (
      <>
        <PageTitle />
        <Outlet />
      </>
    ),
    children: [
      { path: '/history', handle: { titleKey: 'page-title.history' }, element: <p>history</p> },
      { path: '/request-a-rider', handle: { titleKey: 'page-title.request' }, element: <p>request</p> },
      { path: '/untitled', element: <p>untitled</p> },
    ],
  },
];

describe('page title', () => {
  const service = testConfig.brand.serviceName;

  it('names each page, with the brand, and follows navigation', async () => {
    const { router } = await renderRoutes(routes, '/history');
    await waitFor(() => expect(document.title).toBe(`Order history · ${service}`));
    await act(() => router.navigate('/request-a-rider'));
    await waitFor(() => expect(document.title).toBe(`Request a rider · ${service}`));
    await act(() => router.navigate('/untitled'));
    await waitFor(() => expect(document.title).toBe(service));
  });

  it('is written in the user language', async () => {
    await renderRoutes(routes, '/history', { language: 'ur_alt' });
    await waitFor(() => expect(document.title).toBe(`آرڈر ہسٹری · ${service}`));
  });
});
