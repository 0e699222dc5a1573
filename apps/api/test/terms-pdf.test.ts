import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './support/app.ts';

/** The text drawn on the PDF's pages: pdfkit writes hex strings in deflated content streams. */
function pageText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  let text = '';
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1]!, 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const hex of content.matchAll(/<([0-9a-fA-F]+)>/g)) text += Buffer.from(hex[1]!, 'hex').toString('latin1');
    text += ' ';
  }
  return text;
}

describe('terms and conditions download', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers a PDF of the terms to anyone, as a download', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/terms.pdf' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain('terms-and-conditions.pdf');
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pageText(pdf);
    expect(text).toContain('Terms and conditions');
    // The deployment's weight limit is filled in, with no placeholder left.
    expect(text).toContain('5 kg');
    expect(text).not.toContain('{{');
  });
});
