import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { SiteFooter } from './site-footer.tsx';

const NO_LINKS = { partnerSignUp: null, privacy: null, apiDocumentation: null, deliveryServiceInfo: null };

describe('site footer', () => {
  it('shows each external link the brand configured in this country, where it points', async () => {
    await renderWithProviders(<SiteFooter />);
    expect(await screen.findByRole('link', { name: 'Privacy' })).toHaveAttribute(
      'href',
      'https://riderdesk.pk/privacy',
    );
    expect(screen.getByRole('link', { name: /API/ })).toHaveAttribute('href', 'https://riderdesk.pk/developers');
  });

  it('shows no link that is not configured (spec §1)', async () => {
    await renderWithProviders(<SiteFooter />, {
      config: {
        country: { ...testConfig.country, links: { ...NO_LINKS, privacy: 'https://swiftdrop.example.sg/privacy' } },
      },
    });
    const nav = await screen.findByRole('navigation');
    expect(screen.getByRole('link', { name: 'Privacy' })).toHaveAttribute(
      'href',
      'https://swiftdrop.example.sg/privacy',
    );
    const external = [...nav.querySelectorAll('a')].filter((a) => a.getAttribute('target') === '_blank');
    expect(external).toHaveLength(1);
  });
});
