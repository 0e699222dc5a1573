import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeVendor } from '../../../../test/fixtures.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { BranchList, type BranchListProps } from './branch-list.tsx';

const vendors = [
  makeVendor({ vendor_id: 'p-1', name: 'Karachi Kitchens', is_parent: true }),
  makeVendor({ vendor_id: 'o-1', name: 'Clifton', parent_vendor_id: 'p-1' }),
  makeVendor({ vendor_id: 'a-2', name: 'Saddar', parent_vendor_id: 'p-1' }),
];

function props(overrides: Partial<BranchListProps> = {}): BranchListProps {
  return {
    vendors,
    selectedId: 'p-1',
    onSelect: vi.fn(),
    isEditFlagOn: true,
    onEdit: vi.fn(),
    isAddFlagOn: true,
    onAdd: vi.fn(),
    outletToggle: { isShown: true, isEnabled: true, value: false, onChange: vi.fn() },
    ...overrides,
  };
}

describe('BranchList', () => {
  it('lists vendors as radios and selects one', async () => {
    const onSelect = vi.fn();
    await renderWithProviders(<BranchList {...props({ onSelect })} />);
    expect(screen.getByRole('radio', { name: /Karachi Kitchens/ })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: /Clifton/ }));
    expect(onSelect).toHaveBeenCalledWith('o-1');
  });

  it('offers edit only for outlets whose id does not start with a- or b-', async () => {
    const onEdit = vi.fn();
    await renderWithProviders(<BranchList {...props({ onEdit })} />);
    expect(screen.getByRole('button', { name: 'Edit Clifton' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Saddar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Karachi Kitchens' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Clifton' }));
    expect(onEdit).toHaveBeenCalledWith(vendors[1]);
  });

  it('hides every edit button without the EditVendorOutlet flag', async () => {
    await renderWithProviders(<BranchList {...props({ isEditFlagOn: false })} />);
    expect(screen.queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument();
  });

  it('offers Add collection point with the AddVendorOutlet flag to a user with a parent', async () => {
    const onAdd = vi.fn();
    const { unmount } = await renderWithProviders(<BranchList {...props({ onAdd })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add collection point' }));
    expect(onAdd).toHaveBeenCalledOnce();
    unmount();
    await renderWithProviders(<BranchList {...props({ isAddFlagOn: false })} />);
    expect(screen.queryByRole('button', { name: 'Add collection point' })).not.toBeInTheDocument();
  });

  it('marks a pending outlet until it is active', async () => {
    const pending = makeVendor({ vendor_id: 'o-9', name: 'Tariq Road', parent_vendor_id: 'p-1', is_pending: true });
    await renderWithProviders(<BranchList {...props({ vendors: [...vendors, pending] })} />);
    expect(screen.getByRole('radio', { name: /Tariq Road.*Pending/ })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Clifton/ })).not.toHaveAccessibleName(/Pending/);
  });

  it('shows a disabled include-outlets switch when it does not apply', async () => {
    const onChange = vi.fn();
    await renderWithProviders(
      <BranchList {...props({ outletToggle: { isShown: true, isEnabled: false, value: true, onChange } })} />,
    );
    const toggle = screen.getByRole('switch', { name: /Include all outlets/ });
    expect(toggle).toBeDisabled();
    expect(toggle).not.toBeChecked();
  });

  it('toggles include-outlets when enabled, and hides it when not shown', async () => {
    const onChange = vi.fn();
    const { unmount } = await renderWithProviders(
      <BranchList {...props({ outletToggle: { isShown: true, isEnabled: true, value: false, onChange } })} />,
    );
    await userEvent.click(screen.getByRole('switch', { name: /Include all outlets/ }));
    expect(onChange).toHaveBeenCalledWith(true);
    unmount();
    await renderWithProviders(
      <BranchList {...props({ outletToggle: { isShown: false, isEnabled: true, value: false, onChange } })} />,
    );
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });
});
