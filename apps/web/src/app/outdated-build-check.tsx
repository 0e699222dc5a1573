import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchManifest, loadedEntryScripts, startBuildCheck } from '../shared/build/outdated-build.ts';
import { notify } from '../shared/notify.ts';

/** spec §4: warns and reloads once a newer build has been deployed. */
export function OutdatedBuildCheck() {
  const { i18n } = useTranslation();
  useEffect(() => {
    // Only a built page has fingerprinted scripts and a manifest to compare them with; the dev
    // server has neither.
    if (!import.meta.env.PROD) return;
    return startBuildCheck({
      loadedScripts: loadedEntryScripts(document),
      fetchManifest,
      onOutdated: () =>
        notify({
          message: i18n.t('error.outdated-build'),
          tone: 'warning',
          kind: 'outdatedBuild',
          id: 'outdated-build',
        }),
      reload: () => window.location.reload(),
    });
  }, [i18n]);
  return null;
}
