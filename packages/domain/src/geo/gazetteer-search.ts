import { haversineKm } from '../money.ts';
import type { LatLng } from '../validation/address.ts';
import type { GazetteerEntry } from './gazetteer.ts';

export type { LatLng };
// One great-circle implementation serves pricing, delivery areas and the gazetteer.
export { haversineKm };

// Abbreviations people type in Pakistani addresses, mapped to the spelling the gazetteer uses. Each is
// a prefix of its expansion or no word's prefix, so a half-typed last word still matches.
const TOKEN_SYNONYMS: Readonly<Record<string, string>> = {
  blk: 'block',
  ph: 'phase',
  sec: 'sector',
  rd: 'road',
  mkt: 'market',
  hosp: 'hospital',
  univ: 'university',
  uni: 'university',
  intl: 'international',
  defense: 'defence',
  center: 'centre',
  bazar: 'bazaar',
  ave: 'avenue',
  stn: 'station',
};

// A lone 'e' after these names a block or sector ('Block E', 'E-11'), not the Persian izafat.
const NOT_IZAFAT_BEFORE = new Set(['block', 'sector', 'phase', 'street', 'lane']);

function isWord(token: string | undefined): boolean {
  return token !== undefined && token.length >= 2 && /^\p{L}+$/u.test(token);
}

/**
 * Tokens for matching: lowercase, no diacritics or punctuation, letters split from digits ('F-7',
 * 'F7' and 'f 7' agree; '13-D' and '13D' too) and the izafat dropped, so 'Gulshan-e-Iqbal',
 * 'Gulshan e Iqbal' and 'Gulshan Iqbal' agree.
 */
export function placeTokens(text: string): string[] {
  const spaced = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .replace(/(\p{L})(\p{N})/gu, '$1 $2')
    .replace(/(\p{N})(\p{L})/gu, '$1 $2')
    .trim();
  if (spaced === '') return [];
  const raw = spaced.split(' ');
  const tokens: string[] = [];
  for (const [index, token] of raw.entries()) {
    const previous = raw[index - 1];
    const isIzafat =
      token === 'e' && isWord(previous) && !NOT_IZAFAT_BEFORE.has(previous ?? '') && isWord(raw[index + 1]);
    if (!isIzafat) tokens.push(TOKEN_SYNONYMS[token] ?? token);
  }
  return tokens;
}

/** Optimal-string-alignment distance (Damerau–Levenshtein without repeated edits), stopping above `max`. */
export function editDistanceWithin(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, beforePrevious[j - 2]! + 1);
      }
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
    beforePrevious = previous;
    previous = current;
  }
  return previous[b.length]!;
}

const TYPO_MIN_LENGTH = 5;
const isNumeric = (token: string) => /^\p{N}+$/u.test(token);

// Ranking bands: exact > prefix > every token > substring, so a boost inside a band never reorders bands.
const SCORE_EXACT = 100;
const SCORE_PREFIX = 80;
const SCORE_TOKENS = 40;
const SCORE_SUBSTRING = 30;
const ALIAS_WEIGHT = 0.97;
// Area and city words only narrow a query ('saddar rawalpindi'); they count half a name word.
const CONTEXT_QUALITY = 0.5;
// At most this much is added for proximity, less than the gap between two bands.
const PROXIMITY_BOOST = 8;
const PROXIMITY_HALF_KM = 5;

type PreparedName = { text: string; tokens: string[]; weight: number };
type PreparedEntry = { names: PreparedName[]; context: string[] };

const prepared = new WeakMap<GazetteerEntry, PreparedEntry>();

function prepare(entry: GazetteerEntry): PreparedEntry {
  const cached = prepared.get(entry);
  if (cached) return cached;
  const name = (text: string, weight: number): PreparedName => {
    const tokens = placeTokens(text);
    return { text: tokens.join(' '), tokens, weight };
  };
  const value: PreparedEntry = {
    names: [name(entry.name, 1), ...entry.aliases.map((alias) => name(alias, ALIAS_WEIGHT))],
    context: [...new Set([...placeTokens(entry.area), ...placeTokens(entry.city)])],
  };
  prepared.set(entry, value);
  return value;
}

function tokenQuality(query: string, candidate: string, isLast: boolean): number {
  if (query === candidate) return 1;
  // A digit is only a prefix while it is still being typed: 'gulshan 1' must not find block 13.
  if (candidate.startsWith(query) && (isLast || !isNumeric(query))) return 0.8;
  if (
    query.length >= TYPO_MIN_LENGTH &&
    !isNumeric(query) &&
    editDistanceWithin(query, candidate, 1) <= 1 &&
    candidate.length >= TYPO_MIN_LENGTH - 1
  ) {
    return 0.6;
  }
  return 0;
}

function tokenScore(queryTokens: readonly string[], name: PreparedName, context: readonly string[]): number {
  let qualitySum = 0;
  const used = new Set<number>();
  for (const [index, query] of queryTokens.entries()) {
    const isLast = index === queryTokens.length - 1;
    let best = 0;
    let bestIndex = -1;
    for (const [candidateIndex, candidate] of name.tokens.entries()) {
      if (used.has(candidateIndex)) continue;
      const quality = tokenQuality(query, candidate, isLast);
      if (quality > best) {
        best = quality;
        bestIndex = candidateIndex;
      }
    }
    if (bestIndex >= 0) {
      used.add(bestIndex);
    } else if (context.some((candidate) => tokenQuality(query, candidate, isLast) >= 0.8)) {
      best = CONTEXT_QUALITY;
    } else {
      return 0;
    }
    qualitySum += best;
  }
  const coverage = name.tokens.length === 0 ? 0 : used.size / name.tokens.length;
  return SCORE_TOKENS + 18 * (qualitySum / queryTokens.length) + 8 * coverage;
}

function textScore(queryTokens: readonly string[], entry: GazetteerEntry): number {
  const query = queryTokens.join(' ');
  const { names, context } = prepare(entry);
  let best = 0;
  for (const name of names) {
    let score = 0;
    if (name.text === query) {
      score = SCORE_EXACT;
    } else if (name.text.startsWith(query)) {
      score = SCORE_PREFIX + 10 * (query.length / name.text.length);
    } else {
      score = tokenScore(queryTokens, name, context);
      if (score === 0 && query.length >= 3 && name.text.includes(query)) score = SCORE_SUBSTRING;
    }
    best = Math.max(best, score * name.weight);
  }
  return best;
}

export type GazetteerSearchOptions = {
  query: string;
  near?: LatLng | null;
  limit?: number;
};

export type GazetteerMatch = {
  entry: GazetteerEntry;
  score: number;
  /** Kilometres from `near`, or null without it. */
  distanceKm: number | null;
};

const entryPoint = (entry: GazetteerEntry): LatLng => ({ lat: entry.latitude, lng: entry.longitude });

export function searchGazetteer(
  entries: readonly GazetteerEntry[],
  { query, near = null, limit = 8 }: GazetteerSearchOptions,
): GazetteerMatch[] {
  const queryTokens = placeTokens(query);
  if (queryTokens.length === 0 || limit <= 0) return [];
  const matches: (GazetteerMatch & { text: number; series: string })[] = [];
  for (const entry of entries) {
    const text = textScore(queryTokens, entry);
    if (text === 0) continue;
    const distanceKm = near ? haversineKm(near, entryPoint(entry)) : null;
    const boost = distanceKm === null ? 0 : PROXIMITY_BOOST / (1 + distanceKm / PROXIMITY_HALF_KM);
    matches.push({ entry, score: text + boost, distanceKm, text, series: seriesOf(entry) });
  }
  // Numbered places of one series (Block 1, Block 2 …, Phase 1 …) stay together, in their natural order,
  // where the best of them ranks: proximity decides which series comes first, never 'Block 7, 6, 5'.
  const seriesScore = new Map<string, number>();
  for (const match of matches) {
    seriesScore.set(match.series, Math.max(seriesScore.get(match.series) ?? 0, match.score));
  }
  const score = (match: (typeof matches)[number]) =>
    match.series === '' ? match.score : (seriesScore.get(match.series) ?? match.score);
  matches.sort(
    (a, b) =>
      score(b) - score(a) ||
      (a.series !== '' && a.series === b.series
        ? b.text - a.text || NATURAL.compare(a.entry.name, b.entry.name)
        : b.score - a.score || (a.distanceKm ?? 0) - (b.distanceKm ?? 0)) ||
      NATURAL.compare(a.entry.name, b.entry.name) ||
      a.entry.id.localeCompare(b.entry.id, 'en'),
  );
  return matches.slice(0, limit).map(({ entry, score: total, distanceKm }) => ({ entry, score: total, distanceKm }));
}

const NATURAL = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** The series a numbered place belongs to ('Karachi: DHA Phase #'); '' for a name without a number. */
function seriesOf(entry: GazetteerEntry): string {
  return /\d/.test(entry.name) ? `${entry.city}: ${entry.name.replace(/\d+/g, '#')}` : '';
}

export type ReverseMatch = { entry: GazetteerEntry; distanceKm: number };

/** The nearest entry to a point, or null when there is none within `maxKm`. */
export function reverseGazetteer(
  entries: readonly GazetteerEntry[],
  point: LatLng,
  { maxKm = Number.POSITIVE_INFINITY }: { maxKm?: number } = {},
): ReverseMatch | null {
  let nearest: ReverseMatch | null = null;
  for (const entry of entries) {
    const distanceKm = haversineKm(point, entryPoint(entry));
    if (distanceKm <= maxKm && (nearest === null || distanceKm < nearest.distanceKm)) nearest = { entry, distanceKm };
  }
  return nearest;
}
