import en from '@riderdesk/domain/locales/en.json';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/render.tsx';
import { TermsPage } from './terms-page.tsx';

const SECTIONS = ['service', 'items', 'orders', 'payment', 'cancellation', 'liability', 'privacy'] as const;

describe('the terms and conditions page (spec §2)', () => {
  it('shows the terms beside the external link for the brand variant whose terms are its own page', async () => {
    await renderWithProviders(
      <TermsPage serviceName="Kedai Express" externalUrl="https://kedaiexpress.com.my/terms" />,
    );
    const link = screen.getByRole('link', { name: en.terms.external });
    expect(link).toHaveAttribute('href', 'https://kedaiexpress.com.my/terms');
    // A new tab, so the terms on this page stay open beside it.
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.queryByRole('button', { name: en.terms.download })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: en.terms.title })).toBeInTheDocument();
    expect(screen.getByText(en.terms.intro.replace('{{service}}', 'Kedai Express'))).toBeInTheDocument();
    const sections = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(sections.map((item) => within(item).getByText(/./, { selector: 'p:first-child' }).textContent)).toEqual(
      SECTIONS.map((section) => en.terms[section].title),
    );
    for (const item of sections) expect(item.textContent?.length ?? 0).toBeGreaterThan(40);
  });

  it('offers the PDF download, with the same terms, to every other variant', async () => {
    await renderWithProviders(<TermsPage serviceName="Riderdesk" />);
    expect(screen.getByRole('button', { name: en.terms.download })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: en.terms.external })).not.toBeInTheDocument();
    expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(SECTIONS.length);
  });
});
