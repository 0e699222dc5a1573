import { Readable } from 'node:stream';
import { ZipArchive } from 'archiver';
import {
  columnName,
  type ExportCell,
  hasSeconds,
  spreadsheetDayNumber,
  startsLikeFormula,
  withoutBidiControls,
} from '../../infra/spreadsheet.ts';

/**
 * A cell of the sheet: an export's cells, a yes/no, or a spreadsheet day number (a date read from an uploaded
 * sheet) shown with the minutes' date format.
 */
export type XlsxCell = ExportCell | boolean | { day: number };

/** What an XLSX of one sheet shows besides its rows. */
export interface XlsxSheet {
  name: string;
  /** Rows above the headings (a statement's title and period), plain. */
  preamble?: readonly (readonly ExportCell[])[];
  /** Bold, and kept in view as the rows below them scroll. */
  headings: readonly string[];
  /** Column widths in characters, one per heading. */
  widths: readonly number[];
  /** The sheet read from the right, for a right-to-left language. */
  rightToLeft: boolean;
  /**
   * Every text cell gets the text number format, not only one that starts like a formula: a sheet the merchant
   * corrects and uploads again keeps a phone or an id as text once edited.
   */
  isTextFormatted?: boolean;
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const PART_TYPE = 'application/vnd.openxmlformats-officedocument';

// Cell styles (cellXfs below): 0 plain, 1 bold (the headings), 2 the text number format `@` (numFmtId 49),
// 3 and 4 a date and time with and without seconds (numFmts 164 and 165).
const STYLE_HEADING = 1;
const STYLE_TEXT = 2;
const STYLE_TIME_SECONDS = 3;
const STYLE_TIME_MINUTES = 4;

const CONTENT_TYPES =
  `${XML_DECLARATION}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  `<Override PartName="/xl/workbook.xml" ContentType="${PART_TYPE}.spreadsheetml.sheet.main+xml"/>` +
  `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="${PART_TYPE}.spreadsheetml.worksheet+xml"/>` +
  `<Override PartName="/xl/styles.xml" ContentType="${PART_TYPE}.spreadsheetml.styles+xml"/>` +
  '</Types>';

const PACKAGE_RELS =
  `${XML_DECLARATION}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">` +
  `<Relationship Id="rId1" Type="${RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/>` +
  '</Relationships>';

const WORKBOOK_RELS =
  `${XML_DECLARATION}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">` +
  `<Relationship Id="rId1" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/>` +
  `<Relationship Id="rId2" Type="${RELATIONSHIPS}/styles" Target="styles.xml"/>` +
  '</Relationships>';

const STYLES =
  `${XML_DECLARATION}<styleSheet xmlns="${MAIN}">` +
  '<numFmts count="2"><numFmt numFmtId="164" formatCode="yyyy-mm-dd hh:mm:ss"/>' +
  '<numFmt numFmtId="165" formatCode="yyyy-mm-dd hh:mm"/></numFmts>' +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font>' +
  '<font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="5"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
  '<xf numFmtId="49" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>';

const workbookXml = (sheetName: string) =>
  `${XML_DECLARATION}<workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}">` +
  `<sheets><sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`;

// Characters XML 1.0 cannot carry; OOXML writes them as _xHHHH_, and a literal "_xHHHH_" with its "_" escaped.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters being escaped.
const NOT_IN_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
// A surrogate without its pair is not a character at all; it is written as the replacement character.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const LOOKS_ESCAPED = /_(x[0-9A-Fa-f]{4}_)/g;
const XML_SPECIAL = /[&<>"]/g;
const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** Text as a spreadsheet cell's XML: escaped, with what XML cannot hold written the OOXML way. */
export function escapeXml(text: string): string {
  return text
    .replace(LONE_SURROGATE, '\uFFFD')
    .replace(LOOKS_ESCAPED, '_x005F_$1')
    .replace(NOT_IN_XML, (char) => `_x${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`)
    .replace(XML_SPECIAL, (char) => XML_ENTITIES[char] ?? char);
}

function cellXml(reference: string, cell: XlsxCell, style?: number, isTextFormatted = false): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'boolean')
    return `<c r="${reference}" t="b"${style ? ` s="${style}"` : ''}><v>${cell ? 1 : 0}</v></c>`;
  if (typeof cell === 'number') {
    return Number.isFinite(cell) ? `<c r="${reference}"${style ? ` s="${style}"` : ''}><v>${cell}</v></c>` : '';
  }
  if (typeof cell !== 'string' && 'day' in cell) {
    return Number.isFinite(cell.day)
      ? `<c r="${reference}" s="${style ?? STYLE_TIME_MINUTES}"><v>${cell.day}</v></c>`
      : '';
  }
  if (typeof cell !== 'string') {
    // A time is a day number with a date format, so the sheet sorts, filters and sums it as a date; text that
    // is no time stays its text.
    const day = spreadsheetDayNumber(cell.time);
    if (day === null) return cellXml(reference, cell.time, style);
    const timeStyle = hasSeconds(cell.time) ? STYLE_TIME_SECONDS : STYLE_TIME_MINUTES;
    return `<c r="${reference}" s="${style ?? timeStyle}"><v>${day}</v></c>`;
  }
  // A text cell is an inline string, never a formula; one that starts like a formula also gets the text
  // number format, so it stays text when someone edits the cell and presses enter. Bidi controls a client
  // typed are left out, so a cell shows its characters in the order they were written.
  const text = withoutBidiControls(cell);
  const textStyle = style ?? (isTextFormatted || startsLikeFormula(text) ? STYLE_TEXT : undefined);
  return (
    `<c r="${reference}" t="inlineStr"${textStyle ? ` s="${textStyle}"` : ''}>` +
    `<is><t xml:space="preserve">${escapeXml(text)}</t></is></c>`
  );
}

function rowXml(
  number: number,
  cells: readonly XlsxCell[],
  columns: readonly string[],
  style?: number,
  isTextFormatted = false,
): string {
  let xml = `<row r="${number}">`;
  for (let index = 0; index < cells.length; index++) {
    xml += cellXml(`${columns[index] ?? columnName(index)}${number}`, cells[index] ?? null, style, isTextFormatted);
  }
  return `${xml}</row>`;
}

async function* sheetXml(sheet: XlsxSheet, rows: AsyncIterable<readonly XlsxCell[][]>): AsyncGenerator<string> {
  const columns = sheet.headings.map((_, index) => columnName(index));
  const widths = sheet.widths
    .map((width, index) => `<col min="${index + 1}" max="${index + 1}" width="${width}" customWidth="1"/>`)
    .join('');
  const preamble = sheet.preamble ?? [];
  const headingRow = preamble.length + 1;
  yield `${XML_DECLARATION}<worksheet xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}">` +
    `<sheetViews><sheetView workbookViewId="0"${sheet.rightToLeft ? ' rightToLeft="1"' : ''}>` +
    `<pane ySplit="${headingRow}" topLeftCell="A${headingRow + 1}" activePane="bottomLeft" state="frozen"/>` +
    '</sheetView></sheetViews>' +
    `<sheetFormatPr defaultRowHeight="15"/>${widths ? `<cols>${widths}</cols>` : ''}<sheetData>` +
    preamble.map((cells, index) => rowXml(index + 1, cells, columns)).join('') +
    rowXml(headingRow, sheet.headings, columns, STYLE_HEADING);
  let number = headingRow;
  for await (const batch of rows) {
    let xml = '';
    for (const cells of batch) xml += rowXml(++number, cells, columns, undefined, sheet.isTextFormatted);
    yield xml;
  }
  yield '</sheetData></worksheet>';
}

/**
 * An XLSX of one sheet written as its rows arrive (decision 107): the sheet's XML is pulled batch by batch as
 * the zip's deflate takes it, and the zip as its reader takes it, so memory holds about one batch whatever the
 * number of rows. Text is written as inline strings (never a formula), numbers as numbers, times as dates. An error from
 * `rows` ends the stream with that same error.
 */
export function xlsxStream(sheet: XlsxSheet, rows: AsyncIterable<readonly XlsxCell[][]>): Readable {
  const archive = new ZipArchive({ zlib: { level: 6 } });
  const sheetSource = Readable.from(
    (async function* () {
      try {
        yield* sheetXml(sheet, rows);
      } catch (error) {
        archive.destroy(error as Error);
      }
    })(),
  );
  archive.once('close', () => sheetSource.destroy());
  archive.append(CONTENT_TYPES, { name: '[Content_Types].xml' });
  archive.append(PACKAGE_RELS, { name: '_rels/.rels' });
  archive.append(workbookXml(sheet.name), { name: 'xl/workbook.xml' });
  archive.append(WORKBOOK_RELS, { name: 'xl/_rels/workbook.xml.rels' });
  archive.append(STYLES, { name: 'xl/styles.xml' });
  archive.append(sheetSource, { name: 'xl/worksheets/sheet1.xml' });
  // Its failures reach the stream's reader as the stream's error.
  archive.finalize().catch(() => {});
  return archive;
}
