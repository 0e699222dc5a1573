import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeOrder } from '../../../../test/orders.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { HistoryTable } from './history-table.tsx';

const order = (order_id: string, phone_number: string) => {
  const made = makeOrder({ order_id });
  return { ...made, customer: { ...made.customer, name: 'Ayesha Khan', phone_number } };
};

describe('the history table', () => {
  it.each([
    ['wide', true],
    ['narrow', false],
  ])('writes every phone in the one display form (%s)', async (_, isWide) => {
    await renderWithProviders(
      <HistoryTable
        orders={[order('PK-1', '+923001234567'), order('PK-2', '03001234568')]}
        selectedOrderId={null}
        showsOutlet={false}
        isWide={isWide}
        onSelect={() => {}}
      />,
    );
    expect(screen.getByText('0300 1234567')).toBeInTheDocument();
    expect(screen.getByText('0300 1234568')).toBeInTheDocument();
    expect(screen.queryByText(/\+923001234567|03001234568/)).not.toBeInTheDocument();
  });
});
