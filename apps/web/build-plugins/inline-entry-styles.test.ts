import type { OutputBundle } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { inlineSmallStylesheets } from './inline-entry-styles.ts';

const asset = (fileName: string, source: string | Uint8Array) => ({ type: 'asset', fileName, source });

const html = `<head>
<link rel="stylesheet" crossorigin href="/assets/vendor-a.css">
<link rel="stylesheet" crossorigin href="/assets/index-b.css">
<link rel="stylesheet" crossorigin href="/assets/odd-c.css">
</head>`;

describe('inline entry styles', () => {
  it('writes a small stylesheet into the page and leaves a large one, or one that could close the element, linked', () => {
    const bundle = {
      'assets/vendor-a.css': asset('assets/vendor-a.css', `.m{color:red}${' '.repeat(100)}`),
      'assets/index-b.css': asset(
        'assets/index-b.css',
        new TextEncoder().encode('@font-face{src:url(/assets/f.woff2)}'),
      ),
      'assets/odd-c.css': asset('assets/odd-c.css', '.x{content:"</style><script>"}'),
    } as unknown as OutputBundle;
    const page = inlineSmallStylesheets(html, bundle, 50);
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/vendor-a.css">');
    expect(page).toContain('<style>@font-face{src:url(/assets/f.woff2)}</style>');
    expect(page).not.toContain('index-b.css');
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/odd-c.css">');
  });

  it('leaves a link to a file the bundle does not have', () => {
    expect(inlineSmallStylesheets(html, {} as OutputBundle, 4096)).toBe(html);
  });
});
