import { describe, expect, it } from 'vitest';
import { checkVoucherForm, EMPTY_VOUCHER_FORM, formOfVoucher } from './voucher-form.ts';

describe('the voucher dialog’s form', () => {
  it('makes a create body with blanks as no limit and the code uppercase', () => {
    const result = checkVoucherForm({ ...EMPTY_VOUCHER_FORM, code: 'eid-50', value: 50 }, true);
    expect(result.errors).toBeNull();
    expect(result.body).toEqual({
      code: 'EID-50',
      type: 'amount',
      value: 50,
      description: null,
      valid_from: null,
      valid_until: null,
      max_uses: null,
      max_uses_per_vendor: null,
      min_order_value: null,
      vendor_ids: [],
    });
  });

  it('gives free delivery a value of 0 whatever was typed', () => {
    const result = checkVoucherForm({ ...EMPTY_VOUCHER_FORM, type: 'deliveryFee', value: 12 }, false);
    expect(result.body).toMatchObject({ type: 'deliveryFee', value: 0 });
  });

  it('names each failing field with the key the server would answer', () => {
    const result = checkVoucherForm(
      {
        ...EMPTY_VOUCHER_FORM,
        code: 'a b',
        type: 'percentage',
        value: 150,
        valid_from: '2026-05-02T10:00',
        valid_until: '2026-05-01T10:00',
      },
      true,
    );
    expect(result.errors).toEqual({
      code: 'console.vouchers.error.code',
      value: 'console.vouchers.error.percentage',
      valid_until: 'console.vouchers.error.window',
    });
  });

  it('reads a voucher back into the form', () => {
    const form = formOfVoucher({
      code: 'FREEDEL',
      type: 'deliveryFee',
      value: 0,
      currency: 'PKR',
      description: null,
      valid_from: '2026-01-01T00:00',
      valid_until: null,
      max_uses: 100,
      max_uses_per_vendor: null,
      min_order_value: null,
      vendor_ids: ['a'],
      status: 'active',
      uses: 0,
      discount_given: 0,
      created_at: '2026-01-01T00:00:00.000Z',
    });
    expect(form).toMatchObject({ value: '', valid_from: '2026-01-01T00:00', max_uses: 100, max_uses_per_vendor: '' });
  });
});
