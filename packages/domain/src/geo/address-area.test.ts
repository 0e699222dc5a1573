import { describe, expect, it } from 'vitest';
import { addressArea } from './address-area.ts';

const BROADER = ['Pakistan', 'Sindh', 'Punjab'];

describe('addressArea: area and city, without flat or building', () => {
  it.each([
    ['Flat 4, Sea View Apartments, Zamzama Commercial, Clifton, Karachi, Sindh, Pakistan', 'Clifton, Karachi'],
    ['Gulshan-e-Iqbal Block 1, Gulshan-e-Iqbal, Karachi, Sindh, Pakistan', 'Gulshan-e-Iqbal, Karachi'],
    ['House 21, Street 8, Khayaban-e-Shahbaz, DHA Phase 6', 'Khayaban-e-Shahbaz, DHA Phase 6'],
    ['Clifton, Karachi', 'Clifton, Karachi'],
    ['Sindh, Pakistan', 'Sindh, Pakistan'],
    ['', ''],
  ])('%s → %s', (address, expected) => {
    expect(addressArea(address, BROADER)).toBe(expected);
  });
});
