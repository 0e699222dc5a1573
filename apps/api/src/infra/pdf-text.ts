import { createRequire } from 'node:module';
import type PDFDocument from 'pdfkit';

type Doc = InstanceType<typeof PDFDocument>;

// The Arabic script's blocks (Urdu is written in it), with their presentation forms.
const ARABIC_SCRIPT = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;
// What the PDF's standard fonts can write; any other character shows as "?".
const NOT_LATIN1 = /[^\x20-\x7e\u00a0-\u00ff]/g;

const fontFile = (name: string) =>
  createRequire(import.meta.url).resolve(`@fontsource/noto-naskh-arabic/files/noto-naskh-arabic-arabic-${name}.woff`);

/** The fonts a PDF writes its text in: the standard Latin ones, and Noto Naskh Arabic for the Arabic script. */
export interface PdfFonts {
  latin: string;
  latinBold: string;
  script: string;
  scriptBold: string;
}

/** Registers Noto Naskh Arabic (the web app's Urdu font) on the document, beside the standard Latin fonts. */
export function registerPdfFonts(doc: Doc): PdfFonts {
  doc.registerFont('script', fontFile('400-normal'));
  doc.registerFont('script-bold', fontFile('700-normal'));
  return { latin: 'Helvetica', latinBold: 'Helvetica-Bold', script: 'script', scriptBold: 'script-bold' };
}

/**
 * A piece of text in one font, whether it goes with the right-to-left script (Arabic-script words, and the
 * punctuation written right after one, as "وینڈر:"), and whether a space separates it from the piece before.
 */
interface Token {
  text: string;
  script: boolean;
  font: 'script' | 'latin';
  spaceBefore: boolean;
}

const SCRIPT_OR_NOT =
  /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]+|[^\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]+/g;
const PUNCTUATION_ONLY = /^[^\p{L}\p{N}]+$/u;

function tokensOf(text: string): Token[] {
  const tokens: Token[] = [];
  let spaceBefore = false;
  for (const part of text.split(/(\s+)/)) {
    if (part === '') continue;
    if (/^\s+$/.test(part)) {
      spaceBefore = tokens.length > 0;
      continue;
    }
    // A word split where its script changes ("وینڈر:" is the word and a colon in the Latin font).
    for (const piece of part.match(SCRIPT_OR_NOT) ?? []) {
      if (ARABIC_SCRIPT.test(piece)) {
        tokens.push({ text: piece, script: true, font: 'script', spaceBefore });
      } else {
        const previous = tokens.at(-1);
        const trailing = !spaceBefore && previous?.script === true && PUNCTUATION_ONLY.test(piece);
        tokens.push({ text: piece.replace(NOT_LATIN1, '?'), script: trailing, font: 'latin', spaceBefore });
      }
      spaceBefore = false;
    }
  }
  return tokens;
}

/** Text laid out in lines within a width, each line drawn in its paragraph's direction. */
export class PdfText {
  constructor(
    private readonly doc: Doc,
    private readonly fonts: PdfFonts,
    private readonly rightToLeft: boolean,
  ) {}

  // Widths measured once: shaping Arabic script is the slow part of a row.
  private readonly widths = new Map<string, number>();
  // How far the script font's glyphs move down so that they sit on the Latin font's baseline.
  private readonly shifts = new Map<string, number>();

  private fontOf(font: Token['font'], bold: boolean): string {
    if (font === 'script') return bold ? this.fonts.scriptBold : this.fonts.script;
    return bold ? this.fonts.latinBold : this.fonts.latin;
  }

  private widthOf(token: Pick<Token, 'text' | 'font'>, bold: boolean, size: number): number {
    const key = `${token.font}\u0000${bold}\u0000${size}\u0000${token.text}`;
    let width = this.widths.get(key);
    if (width === undefined) {
      width = this.doc.font(this.fontOf(token.font, bold)).fontSize(size).widthOfString(token.text);
      this.widths.set(key, width);
    }
    return width;
  }

  private spaceWidth(bold: boolean, size: number): number {
    return this.widthOf({ text: ' ', font: 'latin' }, bold, size);
  }

  private ascender(font: string): number {
    this.doc.font(font);
    return (this.doc as unknown as { _font: { ascender: number } })._font.ascender;
  }

  private shiftOf(bold: boolean, size: number): number {
    const key = `${bold}\u0000${size}`;
    let shift = this.shifts.get(key);
    if (shift === undefined) {
      shift = ((this.ascender(this.fontOf('latin', bold)) - this.ascender(this.fontOf('script', bold))) * size) / 1000;
      this.shifts.set(key, shift);
    }
    return shift;
  }

  private draw(token: Pick<Token, 'text' | 'font'>, x: number, y: number, bold: boolean, size: number) {
    const shift = token.font === 'script' ? this.shiftOf(bold, size) : 0;
    this.doc
      .font(this.fontOf(token.font, bold))
      .fontSize(size)
      .text(token.text, x, y + shift, { lineBreak: false });
  }

  /** The lines `text` takes at `width`, broken between words; a word longer than the width has a line of its own. */
  lines(text: string, width: number, bold: boolean, size: number): Token[][] {
    const lines: Token[][] = [];
    let line: Token[] = [];
    let used = 0;
    const space = this.spaceWidth(bold, size);
    for (const token of tokensOf(text)) {
      const width_ = this.widthOf(token, bold, size);
      const gap = line.length > 0 && token.spaceBefore ? space : 0;
      if (line.length > 0 && token.spaceBefore && used + gap + width_ > width) {
        lines.push(line);
        line = [{ ...token, spaceBefore: false }];
        used = width_;
        continue;
      }
      line.push(token);
      used += gap + width_;
    }
    if (line.length > 0) lines.push(line);
    return lines;
  }

  /**
   * Draws one line at y between x and x + width, aligned to its start or its end (the right is the start of a
   * right-to-left paragraph). Runs of one script go in the paragraph's direction; within a run of Arabic script
   * the words go right to left, within a Latin run left to right, each run drawn as one piece of text.
   */
  drawLine(line: Token[], x: number, y: number, width: number, align: 'start' | 'end', bold: boolean, size: number) {
    const space = this.spaceWidth(bold, size);
    // Runs of tokens in one script.
    const runs: Token[][] = [];
    for (const token of line) {
      const last = runs.at(-1);
      if (last && last[0]!.script === token.script) last.push(token);
      else runs.push([token]);
    }
    const pieces = runs.map((run) => {
      const words = run.map((token) => ({ token, width: this.widthOf(token, bold, size) }));
      const text = run.map((token, index) => (index > 0 && token.spaceBefore ? ' ' : '') + token.text).join('');
      const runWidth = run[0]!.script
        ? words.reduce((sum, word, index) => sum + word.width + (index > 0 && word.token.spaceBefore ? space : 0), 0)
        : this.widthOf({ text, font: 'latin' }, bold, size);
      return { run, words, text, width: runWidth, spaceBefore: run[0]!.spaceBefore };
    });
    const total = pieces.reduce(
      (sum, piece, index) => sum + piece.width + (index > 0 && piece.spaceBefore ? space : 0),
      0,
    );
    const fromLeft = this.rightToLeft === (align === 'end');
    // The pieces' left edges, in the paragraph's direction.
    let cursor = this.rightToLeft ? (fromLeft ? x + total : x + width) : fromLeft ? x : x + width - total;
    for (const [index, piece] of pieces.entries()) {
      const gap = index > 0 && piece.spaceBefore ? space : 0;
      let left: number;
      if (this.rightToLeft) {
        cursor -= gap + piece.width;
        left = cursor;
      } else {
        cursor += gap;
        left = cursor;
        cursor += piece.width;
      }
      if (piece.run[0]!.script) {
        // Right to left: the first word at the run's right edge.
        let right = left + piece.width;
        for (const [at, word] of piece.words.entries()) {
          if (at > 0 && word.token.spaceBefore) right -= space;
          right -= word.width;
          this.draw(word.token, right, y, bold, size);
        }
      } else {
        this.draw({ text: piece.text, font: 'latin' }, left, y, bold, size);
      }
    }
  }
}
