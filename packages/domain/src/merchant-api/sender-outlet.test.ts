import { describe, expect, it } from 'vitest';
import {
  MULTIPLE_BRANCHES_CLOSE_ENOUGH,
  matchSenderOutlet,
  NO_BRANCH_CLOSE_ENOUGH,
  OUTLET_NOT_FOUND,
  SENDER_MATCH_TOLERANCE_M,
  type SenderCandidate,
} from './sender-outlet.ts';

// About 0.000009° of latitude per metre.
const METRE = 1 / 111_195;
const clifton: SenderCandidate = {
  vendorId: 'brand-clifton',
  clientVendorId: 'POS-7',
  point: { lat: 24.8138, lng: 67.03 },
};
const saddar: SenderCandidate = {
  vendorId: 'brand-saddar',
  clientVendorId: null,
  point: { lat: 24.8556, lng: 67.0245 },
};
const unplaced: SenderCandidate = { vendorId: 'brand-new', clientVendorId: 'POS-9', point: null };
const candidates = [clifton, saddar, unplaced];

describe('sender outlet', () => {
  it('takes the outlet reference in any case, or our id for an outlet without one', () => {
    expect(matchSenderOutlet({ clientVendorId: 'pos-7' }, candidates)).toEqual({ ok: true, vendorId: 'brand-clifton' });
    expect(matchSenderOutlet({ clientVendorId: 'brand-saddar' }, candidates)).toEqual({
      ok: true,
      vendorId: 'brand-saddar',
    });
    expect(matchSenderOutlet({ clientVendorId: 'POS-9' }, candidates)).toEqual({ ok: true, vendorId: 'brand-new' });
    expect(matchSenderOutlet({ clientVendorId: 'POS-8' }, candidates)).toEqual({
      ok: false,
      status: 404,
      message: OUTLET_NOT_FOUND,
    });
  });

  it('matches coordinates within the tolerance and not beyond it', () => {
    const near = { lat: clifton.point!.lat + (SENDER_MATCH_TOLERANCE_M - 1) * METRE, lng: clifton.point!.lng };
    const far = { lat: clifton.point!.lat + (SENDER_MATCH_TOLERANCE_M + 1) * METRE, lng: clifton.point!.lng };
    expect(matchSenderOutlet({ point: near }, candidates)).toEqual({ ok: true, vendorId: 'brand-clifton' });
    expect(matchSenderOutlet({ point: far }, candidates)).toEqual({
      ok: false,
      status: 422,
      message: NO_BRANCH_CLOSE_ENOUGH,
    });
  });

  it('refuses coordinates that two outlets are close enough to', () => {
    const twin: SenderCandidate = {
      vendorId: 'brand-twin',
      clientVendorId: 'POS-10',
      point: { lat: clifton.point!.lat + 20 * METRE, lng: clifton.point!.lng },
    };
    expect(matchSenderOutlet({ point: clifton.point! }, [clifton, twin])).toEqual({
      ok: false,
      status: 422,
      message: MULTIPLE_BRANCHES_CLOSE_ENOUGH,
    });
  });
});
