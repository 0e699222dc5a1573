import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'test' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const files = ['apps/api/src', 'apps/web/src', 'packages/domain/src'].flatMap((dir) => sourceFiles(join(root, dir)));
const texts = new Map(files.map((file) => [file, readFileSync(file, 'utf8')]));

/**
 * spec §9's constants and the domain's validation and bulk rules are used where the spec says, or are not declared: a value that
 * is declared and never read (a poll interval nothing polls with, a second range rule disagreeing with the one
 * in use) misleads whoever reads the table.
 */
describe('domain values', () => {
  const ruled = ['constants.ts', 'order-history.ts', join('bulk', ''), join('validation', '')].map((part) =>
    join(root, 'packages', 'domain', 'src', part),
  );
  const declared = [...texts]
    .filter(([file]) => ruled.some((part) => file.startsWith(part)))
    .flatMap(([file, text]) =>
      [...text.matchAll(/^export (?:const|function|async function) (\w+)/gm)].map((match) => ({
        file: relative(root, file),
        name: match[1]!,
      })),
    );

  it('are each read somewhere besides their declaration', () => {
    const unused = declared.filter(({ name }) => {
      const word = new RegExp(`\\b${name}\\b`, 'g');
      let count = 0;
      for (const text of texts.values()) count += text.match(word)?.length ?? 0;
      return count < 2;
    });
    expect(unused).toEqual([]);
  });
});
