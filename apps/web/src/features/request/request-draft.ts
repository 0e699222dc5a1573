import { z } from 'zod';
import { readJson, STORAGE_KEYS, writeStorage } from '../../shared/storage.ts';
import { EMPTY_ORDER_FORM, type OrderForm, OrderFormSchema } from './order-form.ts';

/**
 * A request not sent yet, kept per signed-in user and branch so a reload, a session that ends or a logout in
 * another tab loses nothing: the form comes back after the next login, until the order is sent or discarded.
 */
const RequestDraftSchema = z.object({
  form: OrderFormSchema,
  destination: z
    .object({
      latitude: z.number().nullable(),
      longitude: z.number().nullable(),
      formattedAddress: z.string(),
      placeId: z.string().nullable(),
    })
    .nullable(),
});
export type RequestDraft = z.infer<typeof RequestDraftSchema>;

/** Whose draft for which branch: the user's e-mail (guests and partner apps have a branch of their own). */
export interface DraftScope {
  owner: string;
  vendorId: string;
}

const keyOf = ({ owner, vendorId }: DraftScope) =>
  `${STORAGE_KEYS.requestDraftPrefix}${encodeURIComponent(owner.toLowerCase())}:${encodeURIComponent(vendorId)}`;

export function readRequestDraft(scope: DraftScope): RequestDraft | null {
  const parsed = RequestDraftSchema.safeParse(readJson(keyOf(scope)));
  return parsed.success && !isEmptyDraft(parsed.data) ? parsed.data : null;
}

export function isEmptyDraft(draft: RequestDraft): boolean {
  return (
    draft.destination === null &&
    (Object.keys(EMPTY_ORDER_FORM) as (keyof OrderForm)[]).every(
      // The payment method is chosen for the merchant, so it alone is no typing.
      (field) => field === 'paymentMethod' || draft.form[field] === EMPTY_ORDER_FORM[field],
    )
  );
}

export function writeRequestDraft(scope: DraftScope, draft: RequestDraft): void {
  writeStorage(keyOf(scope), isEmptyDraft(draft) ? null : JSON.stringify(draft));
}

export function clearRequestDraft(scope: DraftScope): void {
  writeStorage(keyOf(scope), null);
}
