import { Alert, Button, Group } from '@mantine/core';
import { IconDownload, IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export const TERMS_PDF_URL = '/api/v1/terms.pdf';

/** Saves a downloaded file under its name, without leaving the page. */
function save(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * spec §2 terms download: the PDF, or, for the brand variant whose terms are an external page, a link
 * to it. A failed download says so on the page (spec §8 terms download errors).
 */
export function TermsDownload({ externalUrl }: { externalUrl: string | null }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');
  if (externalUrl) {
    return (
      <Button
        component="a"
        href={externalUrl}
        target="_blank"
        rel="noreferrer"
        variant="light"
        leftSection={<IconExternalLink size={18} />}
      >
        {t('terms.external')}
      </Button>
    );
  }
  return (
    <Group gap="sm" align="flex-start">
      <Button
        variant="light"
        leftSection={<IconDownload size={18} />}
        loading={state === 'loading'}
        onClick={async () => {
          setState('loading');
          try {
            const response = await fetch(TERMS_PDF_URL);
            if (!response.ok) throw new Error(`terms download answered ${response.status}`);
            save(await response.blob(), 'terms-and-conditions.pdf');
            setState('idle');
          } catch {
            setState('failed');
          }
        }}
      >
        {t('terms.download')}
      </Button>
      {state === 'failed' && (
        <Alert color="red" role="alert" py={6}>
          {t('error.terms-download')}
        </Alert>
      )}
    </Group>
  );
}
