import type { BulkJobStatus } from './bulk-sheet.ts';

/** spec §4 "Bulk flow" steps. */
export const BULK_STEPS = [
  'ASK_EXCEL_FILE',
  'UPLOADING_EXCEL_FILE',
  'SHOW_PREPROCESS_RESULTS',
  'SHOW_ORDER_PLACEMENT_RESULTS',
] as const;
export type BulkStep = (typeof BULK_STEPS)[number];

export interface BulkFlowState {
  step: BulkStep;
  /** The job of the uploaded file, once the server has checked it. */
  jobId: string | null;
  /** The place-orders confirmation dialog is open (spec §2). */
  isConfirming: boolean;
  /** Placement was asked for and has not finished. */
  isPlacing: boolean;
}

export type BulkFlowEvent =
  | { type: 'UPLOAD_STARTED' }
  | { type: 'UPLOAD_FAILED' }
  | { type: 'PREPROCESSED'; jobId: string }
  /** A checked job named by the page's address (a reload, a link from the history) shows its results again. */
  | { type: 'RESTORED'; jobId: string }
  | { type: 'CONFIRM_OPENED' }
  | { type: 'CONFIRM_CLOSED' }
  | { type: 'PLACEMENT_STARTED' }
  | { type: 'PLACEMENT_FINISHED'; status: BulkJobStatus }
  | { type: 'PLACEMENT_FAILED' }
  | { type: 'RESET' };

export const INITIAL_BULK_FLOW: BulkFlowState = {
  step: 'ASK_EXCEL_FILE',
  jobId: null,
  isConfirming: false,
  isPlacing: false,
};

/** Placement that created at least one order is the flow's success: the merchant goes to tracking (spec §4). */
export function isPlacementSuccess(status: BulkJobStatus): boolean {
  return status === 'ORDER_PLACEMENT_SUCCESS' || status === 'ORDER_PLACEMENT_SUCCESS_WITH_ERROR';
}

/**
 * spec §4 "Bulk flow": upload, show preprocess results, confirm, place orders; on success go to tracking,
 * otherwise back to ask-file. Events that do not fit the current step change nothing.
 */
export function bulkFlowReducer(state: BulkFlowState, event: BulkFlowEvent): BulkFlowState {
  switch (event.type) {
    case 'UPLOAD_STARTED':
      return state.step === 'ASK_EXCEL_FILE' ? { ...INITIAL_BULK_FLOW, step: 'UPLOADING_EXCEL_FILE' } : state;
    case 'UPLOAD_FAILED':
      return state.step === 'UPLOADING_EXCEL_FILE' ? INITIAL_BULK_FLOW : state;
    case 'PREPROCESSED':
      return state.step === 'UPLOADING_EXCEL_FILE'
        ? { ...INITIAL_BULK_FLOW, step: 'SHOW_PREPROCESS_RESULTS', jobId: event.jobId }
        : state;
    case 'RESTORED':
      return state.step === 'ASK_EXCEL_FILE' || (state.step === 'SHOW_PREPROCESS_RESULTS' && !state.isConfirming)
        ? { ...INITIAL_BULK_FLOW, step: 'SHOW_PREPROCESS_RESULTS', jobId: event.jobId }
        : state;
    case 'CONFIRM_OPENED':
      return state.step === 'SHOW_PREPROCESS_RESULTS' && !state.isPlacing ? { ...state, isConfirming: true } : state;
    case 'CONFIRM_CLOSED':
      return { ...state, isConfirming: false };
    case 'PLACEMENT_STARTED':
      return state.step === 'SHOW_PREPROCESS_RESULTS'
        ? { ...state, step: 'SHOW_ORDER_PLACEMENT_RESULTS', isConfirming: false, isPlacing: true }
        : state;
    case 'PLACEMENT_FINISHED':
      if (state.step !== 'SHOW_ORDER_PLACEMENT_RESULTS') return state;
      return isPlacementSuccess(event.status) ? { ...state, isPlacing: false } : INITIAL_BULK_FLOW;
    case 'PLACEMENT_FAILED':
      return state.step === 'SHOW_ORDER_PLACEMENT_RESULTS' || state.step === 'SHOW_PREPROCESS_RESULTS'
        ? INITIAL_BULK_FLOW
        : state;
    case 'RESET':
      return INITIAL_BULK_FLOW;
  }
}

/** spec §4 job statuses after preprocessing: every row, some rows, or no row can be placed. */
export function preprocessStatus(totals: { total_rows: number; orders_to_be_placed: number }): BulkJobStatus {
  if (totals.orders_to_be_placed === 0) return 'PREPROCESS_FAIL';
  return totals.orders_to_be_placed === totals.total_rows ? 'PREPROCESS_SUCCESS' : 'PREPROCESS_SUCCESS_WITH_ERROR';
}

/** spec §4 job statuses after placement: every row became an order, some did, or none did. */
export function placementStatus(totals: { total_rows: number; orders_placed: number }): BulkJobStatus {
  if (totals.orders_placed === 0) return 'ORDER_PLACEMENT_FAIL';
  return totals.orders_placed === totals.total_rows ? 'ORDER_PLACEMENT_SUCCESS' : 'ORDER_PLACEMENT_SUCCESS_WITH_ERROR';
}
