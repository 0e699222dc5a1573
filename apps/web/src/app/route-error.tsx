import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { ChunkLoadError } from '../shared/lazy/retry-import.ts';
import { reportClientError } from '../shared/monitoring/report-client-error.ts';
import { AppLoadFailure } from './app-load-failure.tsx';

/** The router's error boundary: a page whose code never arrived gets the spec §8 app-load banner. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  // spec §9: the router's boundary catches what never reaches the window's error event.
  reportClientError(error instanceof ChunkLoadError ? 'chunk-load' : 'error', error);
  if (error instanceof ChunkLoadError) return <AppLoadFailure message={t('error.app-load')} />;
  console.error(error);
  return <AppLoadFailure message={t('error.unexpected')} />;
}
