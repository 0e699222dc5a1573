import { zodResolver } from '@hookform/resolvers/zod';
import type { PaymentMethod } from '@riderdesk/domain/constants';
import { useCallback, useEffect } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import type { FieldErrors } from '../components/details-section.tsx';
import { EMPTY_ORDER_FORM, type OrderForm, type OrderFormContext, orderFormSchema } from '../order-form.ts';

// The section being sent and the flow's state are read when the form is sent, through RHF's context.
const resolver: Resolver<OrderForm, OrderFormContext> = (values, context, options) => {
  if (!context) throw new Error('The order form is validated with its context');
  return zodResolver(orderFormSchema(context))(values, context, options);
};

/**
 * The details and payment sections' form. Every failing field shows its error from the form being sent until
 * that field is edited (not re-checked as the user types).
 */
export function useOrderForm(input: {
  vendorId: string | null;
  context: OrderFormContext;
  paymentMethods: readonly PaymentMethod[];
  defaultPaymentMethod: string;
  translate: (key: string) => string;
}) {
  const form = useForm<OrderForm, OrderFormContext>({
    defaultValues: EMPTY_ORDER_FORM,
    resolver,
    context: input.context,
    reValidateMode: 'onSubmit',
  });

  // A new vendor starts a new request (spec §4).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the vendor changes.
  useEffect(() => {
    form.reset(EMPTY_ORDER_FORM);
  }, [input.vendorId]);

  // Cash on delivery (the configured default) unless the vendor cannot take it.
  const { paymentMethods, defaultPaymentMethod } = input;
  useEffect(() => {
    const current = form.getValues('paymentMethod');
    if (current && paymentMethods.includes(current)) return;
    const preferred = paymentMethods.find((method) => method === defaultPaymentMethod) ?? paymentMethods[0] ?? '';
    form.setValue('paymentMethod', preferred);
  }, [paymentMethods, form, defaultPaymentMethod]);

  const { errors: found } = form.formState;
  const errors: FieldErrors = {};
  for (const [field, error] of Object.entries(found)) {
    if (error?.message) errors[field as keyof OrderForm] = input.translate(error.message);
  }
  // The payment method is not shown in the details section, so its failure there is the section's.
  if (input.context.step === 'details' && errors.paymentMethod) errors.other = errors.paymentMethod;

  const { clearErrors } = form;
  const onFieldEdited = useCallback((field: keyof OrderForm) => clearErrors(field), [clearErrors]);

  return { form, errors, onFieldEdited };
}
