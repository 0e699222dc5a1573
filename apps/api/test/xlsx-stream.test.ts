import * as XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';
import { describe, expect, it, vi } from 'vitest';
import type { ExportCell } from '../src/infra/spreadsheet.ts';
import { columnName } from '../src/infra/spreadsheet.ts';
import { escapeXml, type XlsxCell, type XlsxSheet, xlsxStream } from '../src/modules/orders/xlsx-stream.ts';

const sheet: XlsxSheet = {
  name: 'آرڈرز',
  headings: ['Order ID', 'Customer', 'Amount', 'Notes'],
  widths: [14, 20, 12, 40],
  rightToLeft: true,
};

async function xlsxBuffer(of: XlsxSheet, rows: AsyncIterable<ExportCell[][]>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of xlsxStream(of, rows)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function* batchesOf(...batches: ExportCell[][][]): AsyncGenerator<ExportCell[][]> {
  for (const batch of batches) yield batch;
}

describe('xlsxStream', () => {
  it('writes a workbook that SheetJS and exceljs both read: text, numbers, empty cells, no formula', async () => {
    const file = await xlsxBuffer(
      sheet,
      batchesOf(
        [
          ['ORD-1', 'زینب علی', 1500, null],
          ['ORD-2', '=HYPERLINK("http://attacker.example","open")', 0, '+cmd /c calc'],
        ],
        [['ORD-3', 'A & B <c> "d"', 12.5, 'line one\nline two']],
      ),
    );

    const book = XLSX.read(file, { type: 'buffer', cellFormula: true, cellStyles: true });
    expect(book.SheetNames).toEqual(['آرڈرز']);
    const read = book.Sheets[sheet.name]!;
    const cells = Object.entries(read).filter(([address]) => !address.startsWith('!'));
    expect(cells.filter(([, cell]) => (cell as XLSX.CellObject).f !== undefined)).toEqual([]);
    expect(XLSX.utils.sheet_to_json(read, { header: 1, raw: true, defval: null })).toEqual([
      ['Order ID', 'Customer', 'Amount', 'Notes'],
      ['ORD-1', 'زینب علی', 1500, null],
      ['ORD-2', '=HYPERLINK("http://attacker.example","open")', 0, '+cmd /c calc'],
      ['ORD-3', 'A & B <c> "d"', 12.5, 'line one\nline two'],
    ]);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
    const worksheet = workbook.worksheets[0]!;
    expect(worksheet.views[0]).toMatchObject({ rightToLeft: true, state: 'frozen', ySplit: 1 });
    expect(worksheet.columns.map((column) => column.width)).toEqual([14, 20, 12, 40]);
    expect(worksheet.getCell('A1').font?.bold).toBe(true);
    expect(worksheet.getCell('C2').value).toBe(1500);
    expect(worksheet.getCell('B3').value).toBe('=HYPERLINK("http://attacker.example","open")');
    expect(worksheet.getCell('B3').type).toBe(ExcelJS.ValueType.String);
    // Text that starts like a formula keeps the text format, so editing the cell does not evaluate it.
    expect(worksheet.getCell('B3').numFmt).toBe('@');
    expect(worksheet.getCell('D3').numFmt).toBe('@');
    expect(worksheet.getCell('B2').numFmt).toBeUndefined();
  });

  it('keeps what XML cannot carry: control characters, lone surrogates and literal _xHHHH_ text', async () => {
    expect(escapeXml('a\u0001b')).toBe('a_x0001_b');
    expect(escapeXml('_x0041_')).toBe('_x005F_x0041_');
    expect(escapeXml('bad \uD800 pair')).toBe('bad \uFFFD pair');
    expect(escapeXml('😀 kept')).toBe('😀 kept');
    const file = await xlsxBuffer(sheet, batchesOf([['a\u0001b', '_x0041_', '😀', '\u000B']]));
    const read = XLSX.read(file, { type: 'buffer' });
    const [, row] = XLSX.utils.sheet_to_json<unknown[]>(read.Sheets[read.SheetNames[0]!]!, { header: 1, raw: true });
    expect(row).toEqual(['a\u0001b', '_x0041_', '😀', '\u000B']);
  });

  it('leaves out bidi controls, and gives text they hid a formula behind the text format', async () => {
    const file = await xlsxBuffer(sheet, batchesOf([['ORD-1', 'Invoice \u202Efdp.exe\u202C', 1, '\u2067=1+1\u2069']]));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
    const worksheet = workbook.worksheets[0]!;
    expect(worksheet.getCell('B2').value).toBe('Invoice fdp.exe');
    expect(worksheet.getCell('D2').value).toBe('=1+1');
    expect(worksheet.getCell('D2').numFmt).toBe('@');
  });

  it('writes times as dates with a date format, and text that is no time as text', async () => {
    const file = await xlsxBuffer(
      sheet,
      batchesOf([['ORD-1', { time: '2026-03-09 23:59:30' }, { time: '2026-03-10 18:00' }, { time: 'soon' }]]),
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
    const worksheet = workbook.worksheets[0]!;
    expect(worksheet.getCell('B2').value).toEqual(new Date('2026-03-09T23:59:30Z'));
    expect(worksheet.getCell('B2').numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    expect(worksheet.getCell('C2').value).toEqual(new Date('2026-03-10T18:00:00Z'));
    expect(worksheet.getCell('C2').numFmt).toBe('yyyy-mm-dd hh:mm');
    expect(worksheet.getCell('D2').value).toBe('soon');
    const book = XLSX.read(file, { type: 'buffer' });
    expect(book.Sheets[book.SheetNames[0]!]!.B2?.w).toBe('2026-03-09 23:59:30');
  });

  it('names columns past Z as spreadsheets do', () => {
    expect([0, 25, 26, 27, 51, 52, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AB', 'AZ', 'BA', 'ZZ', 'AAA']);
  });

  it('pulls rows only as the file is read, and stops pulling when the reader stops', async () => {
    let pulled = 0;
    let closed = false;
    const endless = async function* (): AsyncGenerator<ExportCell[][]> {
      try {
        for (;;) {
          pulled += 1;
          yield Array.from({ length: 500 }, (_, index) => [`ORD-${pulled}-${index}`, 'Customer name', index, 'notes']);
        }
      } finally {
        closed = true;
      }
    };
    const stream = xlsxStream(sheet, endless());
    let bytes = 0;
    for await (const chunk of stream) {
      bytes += (chunk as Buffer).length;
      if (bytes > 256 * 1024) break;
    }
    // A whole-file writer would never get here: the rows have no end.
    expect(pulled).toBeGreaterThan(1);
    const pulledWhenStopped = pulled;
    // The rows' generator is closed when the reader stops: once its `finally` ran, it can pull no more.
    await vi.waitFor(() => expect(closed).toBe(true));
    expect(pulled).toBe(pulledWhenStopped);
  });

  it('ends the stream with the error its rows raised', async () => {
    const failure = new Error('database went away');
    const failing = async function* (): AsyncGenerator<ExportCell[][]> {
      yield [['ORD-1', 'Customer', 1, null]];
      throw failure;
    };
    await expect(xlsxBuffer(sheet, failing())).rejects.toBe(failure);
  });

  it('writes yes/no cells, day numbers as dates, and every text cell as text when the sheet asks (bulk results)', async () => {
    const rows = (async function* (): AsyncGenerator<XlsxCell[][]> {
      yield [['03001234567', true, { day: 46091.75 }, 1500]];
    })();
    const chunks: Buffer[] = [];
    for await (const chunk of xlsxStream({ ...sheet, isTextFormatted: true }, rows)) chunks.push(chunk as Buffer);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const row = workbook.worksheets[0]!.getRow(2);
    expect([row.getCell(1).value, row.getCell(1).numFmt]).toEqual(['03001234567', '@']);
    expect(row.getCell(2).value).toBe(true);
    expect(row.getCell(3).type).toBe(ExcelJS.ValueType.Date);
    expect(row.getCell(3).value).toEqual(new Date('2026-03-10T18:00:00Z'));
    expect(row.getCell(3).numFmt).toBe('yyyy-mm-dd hh:mm');
    expect([row.getCell(4).value, row.getCell(4).numFmt]).toEqual([1500, undefined]);
  });
});
