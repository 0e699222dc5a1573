import en from '@riderdesk/domain/locales/en.json';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/render.tsx';
import { server } from '../../../../test/server.ts';
import { TERMS_PDF_URL, TermsDownload } from './terms-download.tsx';

describe('TermsDownload', () => {
  it('says so when the download fails (spec §8)', async () => {
    server.use(http.get(TERMS_PDF_URL, () => new HttpResponse(null, { status: 500 })));
    await renderWithProviders(<TermsDownload externalUrl={null} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: en.terms.download }));
    expect(await screen.findByRole('alert')).toHaveTextContent(en.error['terms-download']);
  });

  it('links the external terms page instead for the brand variant that has one', async () => {
    await renderWithProviders(<TermsDownload externalUrl="https://kedaiexpress.com.my/terms" />);
    expect(screen.getByRole('link', { name: en.terms.external })).toHaveAttribute(
      'href',
      'https://kedaiexpress.com.my/terms',
    );
    expect(screen.queryByRole('button', { name: en.terms.download })).not.toBeInTheDocument();
  });
});
