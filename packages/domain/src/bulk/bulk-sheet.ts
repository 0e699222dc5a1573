import { TZDate } from '@date-fns/tz';
import { BULK_PAYMENT_TYPES, type BulkPaymentType } from '../constants.ts';

/**
 * The columns of the bulk template, in the template's order (spec §3 bulk job rows). Their headers are
 * translated (`bulk.columns.<column>`), and a file is read by header in any supported language, so a
 * merchant may reorder or drop the optional columns.
 */
export const BULK_COLUMNS = [
  'customer_name',
  'phone_number',
  'address',
  'latitude',
  'longitude',
  'unit',
  'building',
  'rider_notes',
  'item_description',
  'amount',
  'payment_method',
  'delivery_type',
  'scheduled_time',
  'collection_point_id',
  'age_check',
  'handover_pin',
] as const;
export type BulkColumn = (typeof BULK_COLUMNS)[number];

/** Without these a file cannot describe an order; the rest may be left out of the sheet. */
export const BULK_REQUIRED_COLUMNS: readonly BulkColumn[] = [
  'customer_name',
  'phone_number',
  'address',
  'amount',
  'payment_method',
];

/** spec §3: a bulk row's delivery type is instant or scheduled. */
export const BULK_DELIVERY_TYPES = ['INSTANT', 'SCHEDULED'] as const;
export type BulkDeliveryType = (typeof BULK_DELIVERY_TYPES)[number];

/** spec §4 "Bulk flow" job statuses. */
export const BULK_JOB_STATUSES = [
  'PREPROCESS_SUCCESS',
  'PREPROCESS_SUCCESS_WITH_ERROR',
  'PREPROCESS_FAIL',
  'ORDER_PLACEMENT_SUCCESS',
  'ORDER_PLACEMENT_SUCCESS_WITH_ERROR',
  'ORDER_PLACEMENT_FAIL',
  'UNKNOWN',
] as const;
export type BulkJobStatus = (typeof BULK_JOB_STATUSES)[number];

/** A row: checked and placeable, refused by a check, turned into an order, or refused when placed. */
export const BULK_ROW_STATUSES = ['VALID', 'INVALID', 'PLACED', 'FAILED'] as const;
export type BulkRowStatus = (typeof BULK_ROW_STATUSES)[number];

/** Where placement stands; the job status only changes to a placement status once it is over. */
export const BULK_PLACEMENT_STATES = ['NOT_STARTED', 'IN_PROGRESS', 'DONE'] as const;
export type BulkPlacementState = (typeof BULK_PLACEMENT_STATES)[number];

/** Rows one file may hold: a 5 MB workbook holds about 25 000 (bench/). */
export const BULK_MAX_ROWS = 30_000;

/** A cell as the reader hands it over: text, a number (Excel keeps dates as day numbers), or empty. */
export type BulkCell = string | number | boolean | null;

/** One data row of the sheet, read by header; every value is bounded before it goes anywhere. */
export interface BulkRowInput {
  /** The row's number in the sheet, as Excel shows it (the header is row 1). */
  row_number: number;
  customer_name: string;
  phone_number: string;
  address: string;
  latitude: number | null;
  longitude: number | null;
  unit: string;
  building: string;
  rider_notes: string;
  item_description: string;
  /** Kept as written: the spec §5 chain tells a missing amount from a small one. */
  amount: string;
  payment_method: string;
  delivery_type: string;
  /** As written, or an Excel day number; read by `scheduledTimeOf`. */
  scheduled_time: string | number | null;
  collection_point_id: string;
  /** As written: yes, no or empty (no), read by `ageCheckOf`. */
  age_check: string;
  /** As written: yes, no or empty (the collection point's setting), read by `handoverPinOf` (decision 175). */
  handover_pin: string;
}

// Longer than any field's limit, so the contract's own check still names the too-long value.
const CELL_MAX_CHARACTERS = 2000;

/** Headers compare without case, spaces, punctuation or the "(optional)" note. */
export function normaliseHeader(text: string): string {
  return text
    .toLowerCase()
    .replace(/\(.*?\)/g, '')
    .replace(/[\s*_\-./:]+/g, '')
    .trim();
}

/**
 * Which column each position holds, from the header row. `aliases` lists the header texts of every language
 * for each column; the column's own name is always accepted.
 */
export function columnsOfHeader(
  header: readonly BulkCell[],
  aliases: Readonly<Record<BulkColumn, readonly string[]>>,
): { columns: (BulkColumn | null)[]; missing: BulkColumn[] } {
  const byText = new Map<string, BulkColumn>();
  for (const column of BULK_COLUMNS) {
    byText.set(normaliseHeader(column), column);
    for (const alias of aliases[column]) byText.set(normaliseHeader(alias), column);
  }
  const seen = new Set<BulkColumn>();
  const columns = header.map((cell) => {
    const column = byText.get(normaliseHeader(String(cell ?? ''))) ?? null;
    if (!column || seen.has(column)) return null;
    seen.add(column);
    return column;
  });
  return { columns, missing: BULK_REQUIRED_COLUMNS.filter((column) => !seen.has(column)) };
}

function text(cell: BulkCell | undefined): string {
  if (cell === null || cell === undefined) return '';
  return String(cell).trim().slice(0, CELL_MAX_CHARACTERS);
}

function coordinate(cell: BulkCell | undefined): number | null {
  if (cell === null || cell === undefined || cell === '') return null;
  const value = typeof cell === 'number' ? cell : Number(String(cell).trim());
  return Number.isFinite(value) ? value : Number.NaN;
}

/** A row as the sheet holds it; null for a row with nothing in it (Excel keeps formatted blank rows). */
export function rowInputOf(
  cells: readonly BulkCell[],
  columns: readonly (BulkColumn | null)[],
  rowNumber: number,
): BulkRowInput | null {
  const values: Partial<Record<BulkColumn, BulkCell>> = {};
  columns.forEach((column, index) => {
    if (column) values[column] = cells[index] ?? null;
  });
  if (BULK_COLUMNS.every((column) => text(values[column]) === '')) return null;
  const scheduled = values.scheduled_time;
  return {
    row_number: rowNumber,
    customer_name: text(values.customer_name),
    phone_number: text(values.phone_number),
    address: text(values.address),
    latitude: coordinate(values.latitude),
    longitude: coordinate(values.longitude),
    unit: text(values.unit),
    building: text(values.building),
    rider_notes: text(values.rider_notes),
    item_description: text(values.item_description),
    amount: text(values.amount),
    payment_method: text(values.payment_method)
      .toUpperCase()
      .replace(/[\s-]+/g, '_'),
    delivery_type: text(values.delivery_type).toUpperCase() || 'INSTANT',
    scheduled_time: typeof scheduled === 'number' ? scheduled : text(scheduled) || null,
    collection_point_id: text(values.collection_point_id),
    age_check: text(values.age_check),
    handover_pin: text(values.handover_pin),
  };
}

// The age check's answers every file may use, whatever its language; the template offers its language's words.
const AGE_CHECK_YES = ['YES', 'Y', 'TRUE', '1'];
const AGE_CHECK_NO = ['NO', 'N', 'FALSE', '0'];

/**
 * Whether a row's order needs the rider to check the customer's age (spec §3 age_validation_required): an
 * empty cell is no; `words` adds each language's yes and no. Null when the cell is neither.
 */
export function ageCheckOf(
  value: string | null | undefined,
  words: { yes: readonly string[]; no: readonly string[] } = { yes: [], no: [] },
): boolean | null {
  const answer = (value ?? '').trim();
  if (answer === '') return false;
  const upper = answer.toUpperCase();
  if (AGE_CHECK_YES.includes(upper) || words.yes.some((word) => word.trim().toUpperCase() === upper)) return true;
  if (AGE_CHECK_NO.includes(upper) || words.no.some((word) => word.trim().toUpperCase() === upper)) return false;
  return null;
}

/**
 * Whether a row's order asks for a handover PIN (decision 175): yes or no in any language's words, or undefined
 * for an empty cell, which leaves it to the collection point's setting. Null when the cell is neither.
 */
export function handoverPinOf(
  value: string | null | undefined,
  words: { yes: readonly string[]; no: readonly string[] } = { yes: [], no: [] },
): boolean | null | undefined {
  if ((value ?? '').trim() === '') return undefined;
  return ageCheckOf(value, words);
}

export const isBulkPaymentType = (value: string): value is BulkPaymentType =>
  (BULK_PAYMENT_TYPES as readonly string[]).includes(value);

export const isBulkDeliveryType = (value: string): value is BulkDeliveryType =>
  (BULK_DELIVERY_TYPES as readonly string[]).includes(value);

// Excel's day 0 is 1899-12-30 (its 1900 leap-year bug included).
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const DAY_MS = 24 * 60 * 60 * 1000;
const WRITTEN_TIME = /^(\d{4})-(\d{1,2})-(\d{1,2})[ T](\d{1,2}):(\d{2})(?::(\d{2}))?$/;

/**
 * The instant a scheduled time stands for. Both forms carry no zone, so they are wall-clock times in the
 * country's zone (spec §4 service hours are too): an Excel date cell (a day number) or text
 * 'YYYY-MM-DD HH:mm'. Null when it is neither.
 */
export function scheduledTimeOf(value: string | number | null, timeZone: string): Date | null {
  if (value === null) return null;
  let parts: [number, number, number, number, number, number];
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 1 || value > 2_958_465) return null;
    const wall = new Date(EXCEL_EPOCH_MS + Math.round(value * DAY_MS));
    parts = [
      wall.getUTCFullYear(),
      wall.getUTCMonth(),
      wall.getUTCDate(),
      wall.getUTCHours(),
      wall.getUTCMinutes(),
      wall.getUTCSeconds(),
    ];
  } else {
    const match = WRITTEN_TIME.exec(value.trim());
    if (!match) return null;
    const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as number[];
    if (month! < 1 || month! > 12 || day! < 1 || day! > 31 || hour! > 23) return null;
    parts = [year!, month! - 1, day!, hour!, minute!, second!];
  }
  const at = new TZDate(...parts, timeZone);
  // 31 February and the like roll over; they are refused rather than moved.
  if (at.getMonth() !== parts[1] || at.getDate() !== parts[2]) return null;
  return new Date(at.getTime());
}

/**
 * What makes rows the same order twice: the same customer phone, address, item, amount and time. The
 * second and later of such rows are flagged (spec: duplicate rows).
 */
export function duplicateKeyOf(row: BulkRowInput): string {
  const squash = (value: string) => value.toLowerCase().replace(/\s+/g, ' ').trim();
  return [
    row.phone_number.replace(/[^\d]/g, ''),
    squash(row.address),
    squash(row.unit),
    squash(row.item_description),
    row.amount.trim(),
    String(row.scheduled_time ?? ''),
    squash(row.collection_point_id),
  ].join('\u0000');
}
