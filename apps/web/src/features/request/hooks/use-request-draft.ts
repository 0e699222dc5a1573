import type { RequestDestination, RequestEvent, RequestState } from '@riderdesk/domain/request-flow';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { OrderForm, OrderFormContext } from '../order-form.ts';
import { clearRequestDraft, type DraftScope, readRequestDraft, writeRequestDraft } from '../request-draft.ts';

/**
 * Keeps the request being typed as a draft of the user's for this branch (request-draft.ts) and brings it back
 * when the page opens again: the details at once, the drop-off once the flow asks for it, so its fee is quoted
 * afresh. `scope` is null where nothing is kept (an order being edited).
 */
export function useRequestDraft(input: {
  scope: DraftScope | null;
  form: UseFormReturn<OrderForm, OrderFormContext>;
  values: OrderForm;
  state: RequestState;
  send: (event: RequestEvent) => void;
}) {
  const { scope, form, state, send } = input;
  const key = scope ? `${scope.owner}\n${scope.vendorId}` : null;
  const scopeRef = useRef(scope);
  scopeRef.current = scope;
  // The scope whose draft has been read: until then what the page shows is not the user's typing.
  const [readFor, setReadFor] = useState<string | null>(null);
  const [isRestored, setIsRestored] = useState(false);
  const pendingDestination = useRef<RequestDestination | null>(null);
  const isSent = useRef(false);

  // Runs after the form's own reset for a new branch (useOrderForm), so the draft is what stays.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key is the scope.
  useEffect(() => {
    isSent.current = false;
    const current = scopeRef.current;
    const draft = current ? readRequestDraft(current) : null;
    pendingDestination.current = draft?.destination ?? null;
    // The defaults stay empty, so the restored request counts as typed (the leave guard asks before it goes).
    if (draft) form.reset(draft.form, { keepDefaultValues: true });
    setIsRestored(draft !== null);
    setReadFor(key);
  }, [key]);

  useEffect(() => {
    const destination = pendingDestination.current;
    if (!destination || readFor !== key || state.step !== 'ASK_FOR_DESTINATION_ADDRESS') return;
    if (state.vendorId !== scopeRef.current?.vendorId) return;
    pendingDestination.current = null;
    send({ type: 'destinationChosen', destination });
  }, [state.step, state.vendorId, readFor, key, send]);

  const valuesJson = JSON.stringify(input.values);
  useEffect(() => {
    const current = scopeRef.current;
    if (!current || readFor !== key || isSent.current || pendingDestination.current) return;
    writeRequestDraft(current, { form: JSON.parse(valuesJson) as OrderForm, destination: state.destination });
  }, [valuesJson, state.destination, readFor, key]);

  return {
    /** The page opened on a request that had not been sent. */
    isRestored,
    dismiss: useCallback(() => setIsRestored(false), []),
    /** The order is on its way: its draft goes, and nothing typed after is kept for it. */
    markSent: useCallback(() => {
      isSent.current = true;
      setIsRestored(false);
      if (scopeRef.current) clearRequestDraft(scopeRef.current);
    }, []),
  };
}
