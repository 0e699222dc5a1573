import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { ChunkLoadError } from '../shared/lazy/retry-import.ts';
import { AppLoadFailure } from './app-load-failure.tsx';

/** The router's error boundary: a page whose code never arrived gets the spec §8 app-load banner. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (error instanceof ChunkLoadError) return <AppLoadFailure message={t('error.app-load')} />;
  console.error(error);
  return <AppLoadFailure message={t('error.unexpected')} />;
}
