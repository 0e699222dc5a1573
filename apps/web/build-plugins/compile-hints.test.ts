import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { OutputBundle } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { addCompileHint, COMPILE_HINT, initialChunks } from './compile-hints.ts';

const chunk = (fileName: string, isEntry: boolean, imports: string[], dynamicImports: string[] = []) => ({
  type: 'chunk',
  fileName,
  isEntry,
  imports,
  dynamicImports,
});

describe('compile hints', () => {
  it('marks the entry and what it imports statically, not the pages it loads on demand', () => {
    const bundle = {
      'assets/index.js': chunk('assets/index.js', true, ['assets/vendor.js', 'assets/runtime.js'], ['assets/page.js']),
      'assets/vendor.js': chunk('assets/vendor.js', false, ['assets/runtime.js']),
      'assets/runtime.js': chunk('assets/runtime.js', false, []),
      'assets/page.js': chunk('assets/page.js', false, ['assets/vendor.js', 'assets/common.js']),
      'assets/common.js': chunk('assets/common.js', false, []),
      'assets/index.css': { type: 'asset', fileName: 'assets/index.css' },
    } as unknown as OutputBundle;
    expect(initialChunks(bundle)).toEqual(['assets/index.js', 'assets/runtime.js', 'assets/vendor.js']);
  });

  it('puts the hint on the first line once, and keeps the source map pointing at the same code', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'compile-hints-'));
    const file = path.join(dir, 'vendor.js');
    const code = 'const a=1;\nexport function answer(){return a+41}\n';
    writeFileSync(file, code);
    // One segment: generated line 2, column 7 → source 0, line 7 (0-based 6), column 2; line 1 has none.
    const map = { version: 3, file: 'vendor.js', sources: ['src/answer.ts'], names: [], mappings: ';OAAMA' };
    writeFileSync(`${file}.map`, JSON.stringify(map));

    addCompileHint(file);
    addCompileHint(file);

    const written = readFileSync(file, 'utf8');
    expect(written).toBe(`${COMPILE_HINT}\n${code}`);
    expect(written.split('\n')[2]?.slice(7, 15)).toBe('function');
    // The same segment, one generated line further down: `export function` is on line 3 now.
    expect(JSON.parse(readFileSync(`${file}.map`, 'utf8'))).toEqual({ ...map, mappings: ';;OAAMA' });
  });
});
