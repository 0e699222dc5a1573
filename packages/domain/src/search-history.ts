import { SEARCH_HISTORY_SIZE } from './constants.ts';

/** spec §4: search history keeps the last 10 unique terms, newest first. */
export function pushSearchTerm(list: readonly string[], term: string): string[] {
  const trimmed = term.trim();
  if (trimmed === '') return [...list];
  return [trimmed, ...list.filter((existing) => existing !== trimmed)].slice(0, SEARCH_HISTORY_SIZE);
}

export type SearchableOrder = {
  order_id: string;
  customer?: { name?: string | null; phone_number?: string | null } | null;
};

function normalise(text: string): string {
  return text.replace(/\s+/g, '').toLowerCase();
}

/** spec §4: search by order id, customer phone or customer name, ignoring spaces; an empty term matches all. */
export function matchesOrderSearch(order: SearchableOrder, term: string): boolean {
  const needle = normalise(term);
  if (needle === '') return true;
  const haystacks = [order.order_id, order.customer?.phone_number, order.customer?.name];
  return haystacks.some((value) => value !== null && value !== undefined && normalise(value).includes(needle));
}
