import { describe, expect, it } from 'vitest';
import { CITY_BOUNDS, GAZETTEER_CITIES, GazetteerEntrySchema, isWithinBounds, PK_GAZETTEER } from './gazetteer.ts';
import { haversineKm } from './gazetteer-search.ts';

const byCity = (city: string) => PK_GAZETTEER.filter((entry) => entry.city === city);
const ID_PREFIX = { Karachi: 'khi-', Lahore: 'lhe-', Islamabad: 'isb-', Rawalpindi: 'rwp-' } as const;
const PROVINCE = {
  Karachi: 'Sindh',
  Lahore: 'Punjab',
  Islamabad: 'Islamabad Capital Territory',
  Rawalpindi: 'Punjab',
} as const;

describe('PK_GAZETTEER', () => {
  it('parses against GazetteerEntrySchema', () => {
    for (const entry of PK_GAZETTEER) expect(GazetteerEntrySchema.safeParse(entry).error, entry.id).toBeUndefined();
  });

  it('has unique ids', () => {
    const ids = PK_GAZETTEER.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('has no two entries on the same point', () => {
    const points = PK_GAZETTEER.map((entry) => `${entry.latitude},${entry.longitude}`);
    const repeated = points.filter((point, index) => points.indexOf(point) !== index);
    expect(repeated).toEqual([]);
  });

  it.each([
    ['Karachi', 200],
    ['Lahore', 120],
  ])('holds at least the minimum number of places in %s (%i)', (city, minimum) => {
    expect(byCity(city).length).toBeGreaterThanOrEqual(minimum);
  });

  it('holds at least 100 places in Islamabad and Rawalpindi together', () => {
    expect(byCity('Islamabad').length + byCity('Rawalpindi').length).toBeGreaterThanOrEqual(100);
  });

  it.each(GAZETTEER_CITIES)('places every %s entry inside the city bounds, with its id prefix and province', (city) => {
    for (const entry of byCity(city)) {
      expect(isWithinBounds(entry, CITY_BOUNDS[city]), entry.id).toBe(true);
      expect(entry.id.startsWith(ID_PREFIX[city]), entry.id).toBe(true);
      expect(entry.province, entry.id).toBe(PROVINCE[city]);
    }
  });

  it('formats every address from name, area, city and province', () => {
    for (const entry of PK_GAZETTEER) {
      const parts = entry.name === entry.area ? [entry.name] : [entry.name, entry.area];
      expect(entry.formatted_address).toBe([...parts, entry.city, entry.province, 'Pakistan'].join(', '));
    }
  });

  // A road runs for kilometres, so only places named as areas are used as parents.
  it('lies within 4 km of the neighbourhood or block its area names, when there is one in the same city', () => {
    for (const entry of PK_GAZETTEER) {
      const parent = PK_GAZETTEER.find(
        (candidate) =>
          candidate.city === entry.city &&
          candidate.name === entry.area &&
          candidate !== entry &&
          (candidate.kind === 'neighbourhood' || candidate.kind === 'block'),
      );
      if (!parent) continue;
      const km = haversineKm(
        { lat: entry.latitude, lng: entry.longitude },
        { lat: parent.latitude, lng: parent.longitude },
      );
      expect(km, `${entry.id} from ${parent.id}`).toBeLessThanOrEqual(4);
    }
  });

  it.each([
    ['Karachi', 'Clifton Block 2'],
    ['Karachi', 'Clifton Block 5'],
    ['Karachi', 'DHA Phase 6'],
    ['Karachi', 'Gulshan-e-Iqbal Block 13-D'],
    ['Karachi', 'North Nazimabad Block H'],
    ['Karachi', 'PECHS Block 6'],
    ['Karachi', 'Shahrah-e-Faisal'],
    ['Karachi', 'Tariq Road'],
    ['Karachi', 'M.A. Jinnah Road'],
    ['Karachi', 'Khayaban-e-Ittehad'],
    ['Karachi', 'University Road'],
    ['Karachi', 'Dolmen Mall Clifton'],
    ['Karachi', 'Zainab Market'],
    ['Karachi', 'Empress Market'],
    ['Karachi', 'Port Grand'],
    ['Karachi', 'Mazar-e-Quaid'],
    ['Karachi', 'Frere Hall'],
    ['Karachi', 'Aga Khan University Hospital'],
    ['Karachi', 'Karachi University'],
    ['Karachi', 'Jinnah International Airport'],
    ['Karachi', 'Sea View'],
    ['Karachi', 'Boat Basin'],
    ['Karachi', 'Bahadurabad'],
    ['Karachi', 'Saddar'],
    ['Karachi', 'Korangi Industrial Area'],
    ['Karachi', 'Malir Cantt'],
    ['Lahore', 'Gulberg II'],
    ['Lahore', 'Gulberg III'],
    ['Lahore', 'DHA Phase 5'],
    ['Lahore', 'Model Town Block A'],
    ['Lahore', 'Johar Town'],
    ['Lahore', 'Liberty Market'],
    ['Lahore', 'MM Alam Road'],
    ['Lahore', 'Mall Road'],
    ['Lahore', 'Anarkali Bazaar'],
    ['Lahore', 'Emporium Mall'],
    ['Lahore', 'Packages Mall'],
    ['Lahore', 'Badshahi Mosque'],
    ['Lahore', 'Allama Iqbal International Airport'],
    ['Islamabad', 'F-6'],
    ['Islamabad', 'F-7'],
    ['Islamabad', 'F-8'],
    ['Islamabad', 'G-9'],
    ['Islamabad', 'E-11'],
    ['Islamabad', 'I-8'],
    ['Islamabad', 'Jinnah Super Market'],
    ['Islamabad', 'Super Market'],
    ['Islamabad', 'Centaurus Mall'],
    ['Islamabad', 'Blue Area'],
    ['Islamabad', 'Faisal Mosque'],
    ['Islamabad', 'Islamabad International Airport'],
    ['Islamabad', 'Bahria Town Phase 4'],
    ['Rawalpindi', 'Saddar'],
    ['Rawalpindi', 'Commercial Market Satellite Town'],
    ['Rawalpindi', 'Bahria Town Phase 8'],
  ])('names %s: %s', (city, name) => {
    expect(PK_GAZETTEER.some((entry) => entry.city === city && entry.name === name)).toBe(true);
  });
});
