import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { useConfig } from '../shared/config/config-context.tsx';

/** What a route declares in its `handle` to name its page in the browser's tab and history. */
export interface PageHandle {
  titleKey: string;
}

const isPageHandle = (handle: unknown): handle is PageHandle =>
  typeof handle === 'object' && handle !== null && typeof (handle as PageHandle).titleKey === 'string';

/** The browser title of the page shown: "<page> · <service>", in the user's language. */
export function PageTitle() {
  const { t } = useTranslation();
  const { brand } = useConfig();
  const handle = useMatches()
    .map((match) => match.handle)
    .findLast(isPageHandle);
  const page = handle ? t(handle.titleKey) : null;
  useEffect(() => {
    document.title = page ? `${page} · ${brand.serviceName}` : brand.serviceName;
  }, [page, brand.serviceName]);
  return null;
}
