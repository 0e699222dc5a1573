import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../shared/storage.ts';
import { useIncludeOutlets } from './use-include-outlets.ts';

describe('include all outlets (spec §9: persisted per parent)', () => {
  it('includes a parent’s outlets until the user turns them off, and remembers the choice', () => {
    const { result } = renderHook(() => useIncludeOutlets('p-1'));
    expect(result.current[0]).toBe(true);
    act(() => result.current[1](false));
    expect(result.current[0]).toBe(false);
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.outletToggles) ?? '{}')).toEqual({ 'p-1': false });
  });
});
