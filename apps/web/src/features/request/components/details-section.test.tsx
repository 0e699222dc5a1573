import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render.tsx';
import { useOrderForm } from '../hooks/use-order-form.ts';
import { EMPTY_ORDER_FORM, type OrderForm, type OrderFormContext, parseAmount } from '../order-form.ts';
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

const CONTEXT: OrderFormContext = {
  step: 'details',
  countryCode: 'PK',
  vendorId: 'pk-khi-0042',
  destination: { latitude: 24.81, longitude: 67.03, formattedAddress: 'Zamzama Boulevard, Karachi', placeId: null },
  timeZone: 'Asia/Karachi',
  now: () => Date.UTC(2026, 10, 21, 9, 0),
};

/** The details section with the request page's form: sent through the form's resolver as the page sends it. */
function CheckedDetails(props: { onValid: () => void }) {
  const { t } = useTranslation();
  const { form, errors, onFieldEdited } = useOrderForm({
    vendorId: 'pk-khi-0042',
    context: CONTEXT,
    paymentMethods: ['CASH_ON_DELIVERY'],
    defaultPaymentMethod: 'CASH_ON_DELIVERY',
    translate: t,
  });
  return (
    <DetailsSection
      status="active"
      form={form}
      errors={errors}
      onFieldEdited={onFieldEdited}
      countryCode="PK"
      currency="PKR"
      onContinue={() => void form.handleSubmit(props.onValid)()}
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

describe('the details form sent with several mistakes', () => {
  it("shows every field's error at once, and each goes when its field is edited", async () => {
    const onValid = vi.fn();
    await renderWithProviders(<CheckedDetails onValid={onValid} />);
    await userEvent.type(screen.getByRole('textbox', { name: /^Customer name/ }), 'R2D2');
    await userEvent.click(screen.getByRole('textbox', { name: /^Notes for the rider/ }));
    await userEvent.paste('x'.repeat(1001));
    await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));

    const name = screen.getByRole('textbox', { name: /^Customer name/ });
    const phone = screen.getByRole('textbox', { name: /^Customer phone/ });
    const amount = screen.getByRole('textbox', { name: /^Order amount/ });
    const notes = screen.getByRole('textbox', { name: /^Notes for the rider/ });
    expect(await screen.findByText("The customer's name cannot contain numbers.")).toBeInTheDocument();
    expect(screen.getByText("Please enter the customer's phone number.")).toBeInTheDocument();
    expect(screen.getByText('Please enter the order amount.')).toBeInTheDocument();
    expect(screen.getByText('Notes are too long')).toBeInTheDocument();
    for (const field of [name, phone, amount, notes]) expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(onValid).not.toHaveBeenCalled();

    await userEvent.type(amount, '1500');
    expect(screen.queryByText('Please enter the order amount.')).not.toBeInTheDocument();
    expect(screen.getByText("Please enter the customer's phone number.")).toBeInTheDocument();
  }, 30_000);
});
