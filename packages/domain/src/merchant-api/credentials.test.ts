import { describe, expect, it } from 'vitest';
import {
  ASSERTION_MAX_LIFETIME_S,
  assertionExpiryProblem,
  clientVendorIds,
  outletsOutsideTree,
} from './credentials.ts';

describe('merchant API credentials', () => {
  it('accepts an assertion expiring in the near future only', () => {
    expect(assertionExpiryProblem(1000, 1000)).toBe('expired');
    expect(assertionExpiryProblem(999, 1000)).toBe('expired');
    expect(assertionExpiryProblem(1001, 1000)).toBeNull();
    expect(assertionExpiryProblem(1000 + ASSERTION_MAX_LIFETIME_S, 1000)).toBeNull();
    expect(assertionExpiryProblem(1001 + ASSERTION_MAX_LIFETIME_S, 1000)).toBe('too-far');
  });

  it('gives a client its whole tree or the chosen outlets still in it', () => {
    expect(clientVendorIds('all', ['brand', 'a', 'b'], ['a'])).toEqual(['brand', 'a', 'b']);
    expect(clientVendorIds('outlets', ['brand', 'a', 'b'], ['b', 'gone'])).toEqual(['b']);
  });

  it('names the chosen outlets outside the tree', () => {
    expect(outletsOutsideTree(['a', 'x'], ['brand', 'a'])).toEqual(['x']);
    expect(outletsOutsideTree([], ['brand'])).toEqual([]);
  });
});
