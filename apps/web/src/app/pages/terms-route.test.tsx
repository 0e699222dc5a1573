import en from '@riderdesk/domain/locales/en.json';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { TermsRoute } from './terms-route.tsx';

describe('the terms route', () => {
  it('takes the link from the deployment’s brand', async () => {
    const kedai = {
      id: 'kedai',
      serviceName: 'Kedai Express',
      primaryColor: 'green',
      termsUrl: 'https://kedaiexpress.com.my/terms',
    };
    await renderWithProviders(<TermsRoute />, { config: { brand: kedai } });
    expect(screen.getByRole('link', { name: en.terms.external })).toHaveAttribute('href', kedai.termsUrl);
    expect(screen.getByText(en.terms.intro.replace('{{service}}', 'Kedai Express'))).toBeInTheDocument();
  });
});
