import { describe, expect, it } from 'vitest';
import { joinForReader, listSeparator } from './list-join.ts';

describe('joinForReader', () => {
  it('joins with the Arabic comma in Urdu and the Latin one in English', () => {
    expect(joinForReader(['فلیٹ 4', 'زمزمہ', 'کراچی'], 'ur_alt')).toBe('فلیٹ 4، زمزمہ، کراچی');
    expect(joinForReader(['Flat 4', 'Zamzama', 'Karachi'], 'en')).toBe('Flat 4, Zamzama, Karachi');
    expect(listSeparator('ur')).toBe('، ');
  });

  it('drops blank parts', () => {
    expect(joinForReader([' ', null, 'Clifton', undefined, 'Karachi '], 'ur_alt')).toBe('Clifton، Karachi');
  });
});
