import {
  VoucherValidateAnswerSchema,
  type VoucherValidateBody,
  type VoucherValidation,
} from '@riderdesk/domain/contracts/vouchers';
import { useMutation } from '@tanstack/react-query';
import { API_BASE, api } from '../../../shared/api/client.ts';

/** POST /voucher/validate (spec §7): the discounted fee comes with its own signature. */
export async function validateVoucher(body: VoucherValidateBody): Promise<VoucherValidation> {
  return (await api.post(`${API_BASE}/voucher/validate`, body, { schema: VoucherValidateAnswerSchema })).result;
}

export function useValidateVoucher() {
  return useMutation({ mutationFn: validateVoucher });
}
