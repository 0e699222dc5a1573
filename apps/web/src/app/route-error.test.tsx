import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/api.ts';
import { renderRoutes } from '../../test/render.tsx';
import { ChunkLoadError } from '../shared/lazy/retry-import.ts';
import { CLIENT_ERRORS_PATH, resetClientErrorReports } from '../shared/monitoring/report-client-error.ts';
import { RouteError } from './route-error.tsx';

function Throws({ error }: { error: Error }): never {
  throw error;
}

const routesThrowing = (error: Error) => [
  { errorElement: <RouteError />, children: [{ path: '/', element: <Throws error={error} /> }] },
];

afterEach(() => {
  vi.restoreAllMocks();
});

describe('route errors', () => {
  it('shows the spec §8 app-load banner, with a reload close button, when a page chunk never arrived', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderRoutes(routesThrowing(new ChunkLoadError('gave up')), '/');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not load the application. Please check your internet connection and try again',
    );
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });

  it('reports the chunk that never arrived and the banner shown to the API (spec §9)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    resetClientErrorReports();
    const api = mockApi();
    await renderRoutes(routesThrowing(new ChunkLoadError('gave up')), '/');
    await screen.findByRole('alert');
    await expect
      .poll(() => api.sent(CLIENT_ERRORS_PATH).map((call) => (call.body as { kind: string }).kind))
      .toEqual(['chunk-load', 'app-load']);
  });

  it('says something went wrong for any other error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderRoutes(routesThrowing(new TypeError('boom')), '/');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong while showing this page.');
  });
});
