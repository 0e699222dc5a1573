import {
  type ConsoleVoucher,
  type ConsoleVoucherCreateBody,
  ConsoleVoucherCreateBodySchema,
  type ConsoleVoucherFields,
  ConsoleVoucherUpdateBodySchema,
} from '@riderdesk/domain/contracts/console-vouchers';
import type { VoucherType } from '@riderdesk/domain/contracts/vouchers';

/** The voucher dialog's fields as typed: numbers may be blank (no limit), times are the inputs' local text. */
export interface VoucherForm {
  code: string;
  type: VoucherType;
  value: number | '';
  description: string;
  valid_from: string;
  valid_until: string;
  max_uses: number | '';
  max_uses_per_vendor: number | '';
  min_order_value: number | '';
  vendor_ids: string[];
}

export const EMPTY_VOUCHER_FORM: VoucherForm = {
  code: '',
  type: 'amount',
  value: '',
  description: '',
  valid_from: '',
  valid_until: '',
  max_uses: '',
  max_uses_per_vendor: '',
  min_order_value: '',
  vendor_ids: [],
};

const blankAsNull = <T>(value: T | '' | null): T | null => (value === '' ? null : value);
const nullAsBlank = <T>(value: T | null): T | '' => (value === null ? '' : value);

export function formOfVoucher(voucher: ConsoleVoucher): VoucherForm {
  return {
    code: voucher.code,
    type: voucher.type,
    value: voucher.type === 'deliveryFee' ? '' : voucher.value,
    description: voucher.description ?? '',
    valid_from: voucher.valid_from ?? '',
    valid_until: voucher.valid_until ?? '',
    max_uses: nullAsBlank(voucher.max_uses),
    max_uses_per_vendor: nullAsBlank(voucher.max_uses_per_vendor),
    min_order_value: nullAsBlank(voucher.min_order_value),
    vendor_ids: voucher.vendor_ids,
  };
}

function fieldsOf(form: VoucherForm): Omit<ConsoleVoucherFields, never> {
  return {
    type: form.type,
    value: form.type === 'deliveryFee' ? 0 : form.value === '' ? 0 : form.value,
    description: form.description.trim() || null,
    valid_from: form.valid_from || null,
    valid_until: form.valid_until || null,
    max_uses: blankAsNull(form.max_uses),
    max_uses_per_vendor: blankAsNull(form.max_uses_per_vendor),
    min_order_value: blankAsNull(form.min_order_value),
    vendor_ids: form.vendor_ids,
  };
}

export type VoucherFormResult<T> = { body: T; errors: null } | { body: null; errors: Record<string, string> };

/** The body of a create or an edit, checked by the contract the server checks it with; else each field's key. */
export function checkVoucherForm(form: VoucherForm, isNew: true): VoucherFormResult<ConsoleVoucherCreateBody>;
export function checkVoucherForm(form: VoucherForm, isNew: false): VoucherFormResult<ConsoleVoucherFields>;
export function checkVoucherForm(
  form: VoucherForm,
  isNew: boolean,
): VoucherFormResult<ConsoleVoucherCreateBody | ConsoleVoucherFields> {
  const fields = fieldsOf(form);
  const parsed = isNew
    ? ConsoleVoucherCreateBodySchema.safeParse({ ...fields, code: form.code })
    : ConsoleVoucherUpdateBodySchema.safeParse(fields);
  if (parsed.success) return { body: parsed.data, errors: null };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'code');
    // A key of the console's catalogue where the contract names one; zod's own message otherwise.
    errors[field] ??= issue.message.startsWith('console.') ? issue.message : 'console.vouchers.error.value';
  }
  return { body: null, errors };
}
