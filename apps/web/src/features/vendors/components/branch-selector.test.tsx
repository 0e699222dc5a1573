import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeVendor } from '../../../../test/fixtures.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import type { BranchListProps } from './branch-list.tsx';
import { BranchSelector } from './branch-selector.tsx';

const clifton = makeVendor({ vendor_id: 'o-1', name: 'Clifton' });

function props(overrides: Partial<BranchListProps> = {}): BranchListProps {
  return {
    vendors: [clifton],
    selectedId: null,
    onSelect: vi.fn(),
    isEditFlagOn: false,
    onEdit: vi.fn(),
    isAddFlagOn: false,
    onAdd: vi.fn(),
    outletToggle: { isShown: false, isEnabled: false, value: false, onChange: vi.fn() },
    ...overrides,
  };
}

describe('BranchSelector', () => {
  it('asks for nothing while the branches load', async () => {
    await renderWithProviders(<BranchSelector {...props({ vendors: [] })} selected={null} loading />);
    const button = screen.getByRole('button', { name: 'Choose a branch' });
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).not.toHaveTextContent('Choose a branch');
  });

  it('asks for a branch once loaded without one', async () => {
    await renderWithProviders(<BranchSelector {...props()} selected={null} loading={false} />);
    const button = screen.getByRole('button', { name: 'Choose a branch' });
    expect(button).toHaveTextContent('Choose a branch');
    expect(button).toHaveAttribute('aria-busy', 'false');
  });

  it('names the chosen branch', async () => {
    await renderWithProviders(<BranchSelector {...props({ selectedId: 'o-1' })} selected={clifton} loading />);
    expect(screen.getByRole('button', { name: 'Choose a branch' })).toHaveTextContent('Clifton');
  });
});
