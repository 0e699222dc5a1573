import { describe, expect, it } from 'vitest';
import { type GazetteerEntry, PK_GAZETTEER } from './gazetteer.ts';
import { editDistanceWithin, haversineKm, placeTokens, reverseGazetteer, searchGazetteer } from './gazetteer-search.ts';

const KARACHI_SADDAR = { lat: 24.8556, lng: 67.0275 };
const LAHORE_GULBERG = { lat: 31.515, lng: 74.348 };
const ISLAMABAD_F8 = { lat: 33.711, lng: 73.038 };

const ids = (query: string, options: { near?: { lat: number; lng: number }; limit?: number } = {}) =>
  searchGazetteer(PK_GAZETTEER, { query, ...options }).map((match) => match.entry.id);

describe('haversineKm', () => {
  it.each([
    // Karachi Saddar to Lahore Gulberg is about 1,030 km as the crow flies.
    [KARACHI_SADDAR, LAHORE_GULBERG, 1020, 1040],
    // One degree of latitude is about 111.2 km.
    [{ lat: 0, lng: 0 }, { lat: 1, lng: 0 }, 111.1, 111.3],
  ])('measures %o to %o', (a, b, low, high) => {
    const km = haversineKm(a, b);
    expect(km).toBeGreaterThan(low);
    expect(km).toBeLessThan(high);
  });
});

describe('placeTokens', () => {
  it.each([
    ['Gulshan-e-Iqbal Block 13-D', ['gulshan', 'iqbal', 'block', '13', 'd']],
    ['gulshan e iqbal blk 13D', ['gulshan', 'iqbal', 'block', '13', 'd']],
    ['F-7 Markaz', ['f', '7', 'markaz']],
    ['f7 markaz', ['f', '7', 'markaz']],
    ['North Nazimabad Block E', ['north', 'nazimabad', 'block', 'e']],
    ['E-11', ['e', '11']],
    ["Hawke's Bay", ['hawkes', 'bay']],
    ['Défence Ph. 6', ['defence', 'phase', '6']],
    ['M.A. Jinnah Road', ['m', 'a', 'jinnah', 'road']],
    ['  ,, ', []],
  ])('splits %j into %j', (text, tokens) => {
    expect(placeTokens(text)).toEqual(tokens);
  });
});

describe('editDistanceWithin', () => {
  it.each([
    ['clifton', 'clifton', 0],
    ['cliftn', 'clifton', 1],
    ['clfiton', 'clifton', 1],
    ['clifron', 'clifton', 1],
    ['clftn', 'clifton', 2],
    ['korangi', 'karachi', 2],
  ])('%s to %s is %i (capped at 2)', (a, b, distance) => {
    expect(editDistanceWithin(a, b, 1)).toBe(Math.min(distance, 2));
  });
});

describe('searchGazetteer', () => {
  it.each([
    ['clifton blk 5', 'khi-clifton-block-5'],
    ['Clifton Block 5', 'khi-clifton-block-5'],
    ['block 5 clifton', 'khi-clifton-block-5'],
    ['f 7 markaz', 'isb-jinnah-super-market'],
    ['F7 Markaz', 'isb-jinnah-super-market'],
    ['f-7', 'isb-f-7'],
    ['liberty', 'lhe-liberty-market'],
    ['cliftn', 'khi-clifton'],
    ['gulshan e iqbal', 'khi-gulshan-e-iqbal'],
    ['khayaban e ittehad', 'khi-khayaban-e-ittehad'],
    ['shahra e faisal', 'khi-shahrah-e-faisal'],
    ['north nazimabad block e', 'khi-north-nazimabad-block-e'],
    ['saddar rawalpindi', 'rwp-saddar'],
    ['mazar e quaid', 'khi-mazar-e-quaid'],
    ['aga khan', 'khi-aga-khan-university-hospital'],
    ['karachi company', 'isb-karachi-company'],
  ])('ranks %j first as %s', (query, id) => {
    expect(ids(query)[0]).toBe(id);
  });

  it("finds every block 13 of Gulshan for 'gulshan 13' and no block 1 or 3", () => {
    const top = ids('gulshan 13', { limit: 4 });
    expect(top.sort()).toEqual([
      'khi-gulshan-e-iqbal-block-13-a',
      'khi-gulshan-e-iqbal-block-13-b',
      'khi-gulshan-e-iqbal-block-13-c',
      'khi-gulshan-e-iqbal-block-13-d',
    ]);
    expect(ids('gulshan 13', { limit: 30 })).not.toContain('khi-gulshan-e-iqbal-block-1');
  });

  it("lists the Dolmen malls for 'dolmen', the nearest first", () => {
    const dolmens = ['khi-dolmen-mall-clifton', 'khi-dolmen-mall-hyderi', 'khi-dolmen-mall-tariq-road'];
    expect(ids('dolmen', { limit: 3 }).sort()).toEqual(dolmens);
    expect(ids('dolmen', { near: { lat: 24.8022, lng: 67.0294 }, limit: 1 })).toEqual(['khi-dolmen-mall-clifton']);
    expect(ids('dolmen', { near: { lat: 24.9381, lng: 67.0445 }, limit: 1 })).toEqual(['khi-dolmen-mall-hyderi']);
  });

  it("puts the Karachi 'DHA Phase 6' first near Karachi and the Lahore one first near Lahore", () => {
    expect(ids('DHA Phase 6', { near: KARACHI_SADDAR, limit: 2 })).toEqual(['khi-dha-phase-6', 'lhe-dha-phase-6']);
    expect(ids('DHA Phase 6', { near: LAHORE_GULBERG, limit: 2 })).toEqual(['lhe-dha-phase-6', 'khi-dha-phase-6']);
    expect(ids('defence phase 6', { near: LAHORE_GULBERG, limit: 1 })).toEqual(['lhe-dha-phase-6']);
  });

  it('never lets proximity lift a weaker kind of match over a stronger one', () => {
    // Blue Area is next door, but 'f 7 markaz' names Jinnah Super Market exactly.
    expect(ids('f 7 markaz', { near: ISLAMABAD_F8, limit: 1 })).toEqual(['isb-jinnah-super-market']);
    // 'Sadar Bazaar Lahore Cantt' is next door and matches by a one-letter typo; the exact names still win.
    expect(ids('saddar', { near: LAHORE_GULBERG, limit: 2 })).toEqual(['rwp-saddar', 'khi-saddar']);
  });

  it('orders exact above prefix above token above substring matches', () => {
    const entry = (id: string, name: string): GazetteerEntry => ({
      id,
      name,
      kind: 'landmark',
      area: 'Test',
      city: 'Karachi',
      province: 'Sindh',
      postal_code: null,
      latitude: 24.86,
      longitude: 67.01,
      aliases: [],
      formatted_address: name,
    });
    const entries = [
      entry('khi-substring', 'Paktower Mall'),
      entry('khi-token', 'Mall Tower'),
      entry('khi-prefix', 'Tower Mall Annex'),
      entry('khi-exact', 'Tower Mall'),
    ];
    expect(searchGazetteer(entries, { query: 'tower mall' }).map((match) => match.entry.id)).toEqual([
      'khi-exact',
      'khi-prefix',
      'khi-token',
      'khi-substring',
    ]);
  });

  it('honours the limit, defaults to 8, and answers nothing for a blank query', () => {
    expect(ids('block')).toHaveLength(8);
    expect(ids('block', { limit: 3 })).toHaveLength(3);
    expect(ids('   ')).toEqual([]);
    expect(ids('zzzzqqq')).toEqual([]);
  });

  it('reports the distance from near', () => {
    const [match] = searchGazetteer(PK_GAZETTEER, { query: 'empress market', near: KARACHI_SADDAR, limit: 1 });
    expect(match?.distanceKm).toBeLessThan(1);
    expect(searchGazetteer(PK_GAZETTEER, { query: 'empress market', limit: 1 })[0]?.distanceKm).toBeNull();
  });
});

describe('reverseGazetteer', () => {
  it('answers the nearest entry with its distance', () => {
    const faisalMosque = PK_GAZETTEER.find((entry) => entry.id === 'isb-faisal-mosque');
    const match = reverseGazetteer(PK_GAZETTEER, { lat: 33.7296, lng: 73.0381 });
    expect(match?.entry).toBe(faisalMosque);
    expect(match?.distanceKm).toBeLessThan(0.1);
  });

  it('answers every entry for its own coordinates', () => {
    for (const entry of PK_GAZETTEER) {
      const match = reverseGazetteer(PK_GAZETTEER, { lat: entry.latitude, lng: entry.longitude });
      expect(match?.entry.id).toBe(entry.id);
      expect(match?.distanceKm).toBe(0);
    }
  });

  it('answers null with no entries or none within maxKm', () => {
    expect(reverseGazetteer([], KARACHI_SADDAR)).toBeNull();
    // Mid-Arabian Sea: nothing within 50 km.
    expect(reverseGazetteer(PK_GAZETTEER, { lat: 23.5, lng: 65.5 }, { maxKm: 50 })).toBeNull();
  });
});

describe('numbered places in their natural order', () => {
  it('lists the blocks of Gulshan-e-Iqbal as 1, 2, 3 … wherever the caller is', () => {
    const near = { lat: 24.9204, lng: 67.0932 };
    const names = searchGazetteer(PK_GAZETTEER, { query: 'Gulshan block', near, limit: 8 }).map(
      (match) => match.entry.name,
    );
    const blocks = names.filter((name) => /^Gulshan-e-Iqbal Block \d+/.test(name));
    expect(blocks.length).toBeGreaterThan(3);
    const numbers = blocks.map((name) => Number(/Block (\d+)/.exec(name)?.[1]));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
  });

  it('still puts the block that was typed first', () => {
    const [first] = searchGazetteer(PK_GAZETTEER, { query: 'Gulshan block 13', limit: 8 });
    expect(first?.entry.name).toMatch(/Block 13/);
  });
});
