import { z } from 'zod';
import gazetteerPk from './gazetteer-pk.json' with { type: 'json' };

export const GAZETTEER_KINDS = [
  'neighbourhood',
  'block',
  'road',
  'market',
  'landmark',
  'transport',
  'hospital',
  'education',
] as const;
export type GazetteerKind = (typeof GAZETTEER_KINDS)[number];

export const GAZETTEER_CITIES = ['Karachi', 'Lahore', 'Islamabad', 'Rawalpindi'] as const;
export type GazetteerCity = (typeof GAZETTEER_CITIES)[number];

export type BoundingBox = { south: number; north: number; west: number; east: number };

// Generous municipal extents: Islamabad reaches west to the new airport (Fateh Jang road) and
// Karachi east to Port Qasim and Bahria Town on the M-9.
export const CITY_BOUNDS: Readonly<Record<GazetteerCity, BoundingBox>> = {
  Karachi: { south: 24.7, north: 25.2, west: 66.8, east: 67.55 },
  Lahore: { south: 31.25, north: 31.7, west: 74.1, east: 74.6 },
  Islamabad: { south: 33.45, north: 33.8, west: 72.75, east: 73.3 },
  Rawalpindi: { south: 33.4, north: 33.7, west: 72.95, east: 73.2 },
};

export const GazetteerEntrySchema = z.object({
  id: z.string().regex(/^(khi|lhe|isb|rwp)-[a-z0-9]+(-[a-z0-9]+)*$/),
  name: z.string().min(1),
  kind: z.enum(GAZETTEER_KINDS),
  area: z.string().min(1),
  city: z.enum(GAZETTEER_CITIES),
  province: z.string().min(1),
  postal_code: z
    .string()
    .regex(/^\d{5}$/)
    .nullable(),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  aliases: z.array(z.string().min(1)),
  formatted_address: z.string().min(1),
});
export type GazetteerEntry = z.infer<typeof GazetteerEntrySchema>;

export function isWithinBounds(point: { latitude: number; longitude: number }, box: BoundingBox): boolean {
  return (
    point.latitude >= box.south &&
    point.latitude <= box.north &&
    point.longitude >= box.west &&
    point.longitude <= box.east
  );
}

// The JSON is checked against GazetteerEntrySchema by gazetteer.test.ts, so it is not re-parsed at
// start-up in every browser.
export const PK_GAZETTEER = gazetteerPk as readonly GazetteerEntry[];
