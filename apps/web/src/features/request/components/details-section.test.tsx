import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/render.tsx';
import { EMPTY_ORDER_FORM, type OrderForm, parseAmount } from '../order-form.ts';
import { DetailsSection } from './details-section.tsx';

let amountSent: number | null = null;

function Details() {
  const form = useForm<OrderForm>({ defaultValues: EMPTY_ORDER_FORM });
  return (
    <DetailsSection
      status="active"
      form={form}
      errors={{}}
      onFieldEdited={() => {}}
      countryCode="PK"
      currency="PKR"
      onContinue={() => {
        amountSent = parseAmount(form.getValues('amount'));
      }}
      isHighValuePending={false}
      itemValueLimit={50_000}
      onConfirmHighValue={() => {}}
      onCancelHighValue={() => {}}
      onChange={() => {}}
      summary={null}
      money={(amount) => `PKR ${amount}`}
    />
  );
}

describe('the order amount field', () => {
  it.each([
    ['Urdu digits', '۱۸۵۰۰'],
    ['Arabic-Indic digits', '١٨٥٠٠'],
    ['mixed digits', '1۸5٠0'],
  ])('takes %s as the amount they write', async (_, typed) => {
    await renderWithProviders(<Details />, { language: 'ur' });
    const amount = screen.getByRole('textbox', { name: /^آرڈر کی رقم|^Order amount/ });
    await userEvent.type(amount, typed);
    expect(amount).toHaveValue('18,500');
    await userEvent.type(amount, '{Enter}');
    expect(amountSent).toBe(18_500);
  });
});
