import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { MAX_ITEM_WEIGHT_KG } from '@riderdesk/domain/constants';
import PDFDocument from 'pdfkit';

/** The sections of the terms page, in its order (apps/web terms-page.tsx). */
export const TERMS_SECTIONS = [
  'service',
  'items',
  'orders',
  'payment',
  'cancellation',
  'liability',
  'privacy',
] as const;

type Catalogue = { terms: Record<string, string | { title: string; body: string }> };

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

/**
 * The terms and conditions as a PDF, from the same English texts as the page. The PDF is English in every
 * language: the built-in PDF fonts have no Urdu glyphs and Urdu needs shaping and right-to-left layout
 * that the generator does not do (docs/decisions/086-terms-download.md).
 */
export async function termsPdf(options: { localesDir: string; serviceName: string; now: Date }): Promise<Buffer> {
  const catalogue = JSON.parse(await readFile(path.join(options.localesDir, 'en.json'), 'utf8')) as Catalogue;
  const values = { service: options.serviceName, kg: String(MAX_ITEM_WEIGHT_KG) };
  const text = (key: string) => {
    const value = catalogue.terms[key];
    return typeof value === 'string' ? fill(value, values) : '';
  };

  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: {
      Title: `${options.serviceName} – ${text('title')}`,
      Author: options.serviceName,
      CreationDate: options.now,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(20).text(text('title'));
  doc.moveDown(0.5).font('Helvetica').fontSize(11).fillColor('#555555').text(text('intro'));
  TERMS_SECTIONS.forEach((section, index) => {
    const entry = catalogue.terms[section];
    if (!entry || typeof entry === 'string') return;
    doc
      .moveDown(1)
      .fillColor('#000000')
      .font('Helvetica-Bold')
      .fontSize(13)
      .text(`${index + 1}. ${fill(entry.title, values)}`);
    doc
      .moveDown(0.3)
      .font('Helvetica')
      .fontSize(11)
      .fillColor('#333333')
      .text(fill(entry.body, values), { lineGap: 3 });
  });
  doc.end();
  return done;
}
