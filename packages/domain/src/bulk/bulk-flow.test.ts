import { describe, expect, it } from 'vitest';
import {
  type BulkFlowEvent,
  bulkFlowReducer,
  INITIAL_BULK_FLOW,
  placementStatus,
  preprocessStatus,
} from './bulk-flow.ts';

const run = (...events: BulkFlowEvent[]) => events.reduce(bulkFlowReducer, INITIAL_BULK_FLOW);

describe('bulk flow (spec §4)', () => {
  it('goes upload, results, confirm, placement', () => {
    const state = run(
      { type: 'UPLOAD_STARTED' },
      { type: 'PREPROCESSED', jobId: 'j-1' },
      { type: 'CONFIRM_OPENED' },
      { type: 'PLACEMENT_STARTED' },
    );
    expect(state).toEqual({ step: 'SHOW_ORDER_PLACEMENT_RESULTS', jobId: 'j-1', isConfirming: false, isPlacing: true });
    expect(
      bulkFlowReducer(state, { type: 'PLACEMENT_FINISHED', status: 'ORDER_PLACEMENT_SUCCESS_WITH_ERROR' }),
    ).toEqual({
      ...state,
      isPlacing: false,
    });
  });

  it('shows a job named by the address again, but not while a file uploads or a job is confirmed or placed', () => {
    const restored = { ...INITIAL_BULK_FLOW, step: 'SHOW_PREPROCESS_RESULTS', jobId: 'j-2' };
    expect(run({ type: 'RESTORED', jobId: 'j-2' })).toEqual(restored);
    expect(
      run({ type: 'UPLOAD_STARTED' }, { type: 'PREPROCESSED', jobId: 'j-1' }, { type: 'RESTORED', jobId: 'j-2' }),
    ).toEqual(restored);
    for (const busy of [
      run({ type: 'UPLOAD_STARTED' }),
      run({ type: 'RESTORED', jobId: 'j-1' }, { type: 'CONFIRM_OPENED' }),
      run({ type: 'RESTORED', jobId: 'j-1' }, { type: 'PLACEMENT_STARTED' }),
    ]) {
      expect(bulkFlowReducer(busy, { type: 'RESTORED', jobId: 'j-2' })).toBe(busy);
    }
  });

  it('goes back to asking for a file when the upload or the placement fails', () => {
    expect(run({ type: 'UPLOAD_STARTED' }, { type: 'UPLOAD_FAILED' })).toEqual(INITIAL_BULK_FLOW);
    const placing = run(
      { type: 'UPLOAD_STARTED' },
      { type: 'PREPROCESSED', jobId: 'j' },
      { type: 'PLACEMENT_STARTED' },
    );
    expect(bulkFlowReducer(placing, { type: 'PLACEMENT_FINISHED', status: 'ORDER_PLACEMENT_FAIL' })).toEqual(
      INITIAL_BULK_FLOW,
    );
    expect(bulkFlowReducer(placing, { type: 'PLACEMENT_FAILED' })).toEqual(INITIAL_BULK_FLOW);
  });

  it('ignores events out of step', () => {
    expect(run({ type: 'PREPROCESSED', jobId: 'j' })).toEqual(INITIAL_BULK_FLOW);
    expect(run({ type: 'CONFIRM_OPENED' })).toEqual(INITIAL_BULK_FLOW);
    expect(run({ type: 'PLACEMENT_STARTED' })).toEqual(INITIAL_BULK_FLOW);
  });
});

describe('job statuses (spec §4)', () => {
  it.each([
    [{ total_rows: 3, orders_to_be_placed: 3 }, 'PREPROCESS_SUCCESS'],
    [{ total_rows: 3, orders_to_be_placed: 1 }, 'PREPROCESS_SUCCESS_WITH_ERROR'],
    [{ total_rows: 3, orders_to_be_placed: 0 }, 'PREPROCESS_FAIL'],
  ] as const)('preprocess %o is %s', (totals, status) => expect(preprocessStatus(totals)).toBe(status));

  it.each([
    [{ total_rows: 3, orders_placed: 3 }, 'ORDER_PLACEMENT_SUCCESS'],
    [{ total_rows: 3, orders_placed: 2 }, 'ORDER_PLACEMENT_SUCCESS_WITH_ERROR'],
    [{ total_rows: 3, orders_placed: 0 }, 'ORDER_PLACEMENT_FAIL'],
  ] as const)('placement %o is %s', (totals, status) => expect(placementStatus(totals)).toBe(status));
});
