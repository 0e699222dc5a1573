import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BULK_COLUMNS, type BulkColumn } from '@riderdesk/domain/bulk/bulk-sheet';

type Tree = { [key: string]: string | Tree };

/** The template's texts in one language, from the locale files the browser uses. */
export interface SheetTexts {
  language: string;
  isRightToLeft: boolean;
  headers: Record<BulkColumn, string>;
  text(key: string, values?: Record<string, string>): string;
  /** True when the language has a text for the key (English counts as a fallback). */
  has(key: string): boolean;
}

const RIGHT_TO_LEFT = ['ur', 'ur_alt', 'ar'];

function lookup(tree: Tree, key: string): string | null {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return null;
    node = node[part];
  }
  return typeof node === 'string' ? node : null;
}

/**
 * The template's headers and instructions in every supported language, read once from the locale files
 * (packages/domain/locales), with English for any missing text. `aliases` lists every language's header of
 * each column, so a filled template is read whatever language it was downloaded in.
 */
export function loadSheetTexts(localesDir: string, languages: readonly string[]) {
  const trees = new Map<string, Tree>();
  for (const language of new Set(['en', ...languages])) {
    try {
      trees.set(language, JSON.parse(readFileSync(path.join(localesDir, `${language}.json`), 'utf8')) as Tree);
    } catch {
      // A language without a locale file falls back to English.
    }
  }
  const english = trees.get('en') ?? {};

  function textsOf(language: string): SheetTexts {
    const tree = trees.get(language) ?? english;
    const raw = (key: string) => lookup(tree, key) ?? lookup(english, key);
    const text = (key: string, values: Record<string, string> = {}) =>
      (raw(key) ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
    const headers = Object.fromEntries(
      BULK_COLUMNS.map((column) => [column, text(`bulk.columns.${column}`)]),
    ) as Record<BulkColumn, string>;
    return {
      language: trees.has(language) ? language : 'en',
      isRightToLeft: RIGHT_TO_LEFT.includes(language),
      headers,
      text,
      has: (key: string) => raw(key) !== null,
    };
  }

  const aliases = Object.fromEntries(
    BULK_COLUMNS.map((column) => [
      column,
      [...trees.values()].map((tree) => lookup(tree, `bulk.columns.${column}`)).filter((value) => value !== null),
    ]),
  ) as Record<BulkColumn, string[]>;

  // Every language's yes and no, so a filled age-check column reads back whatever its language.
  const wordsOf = (key: string) =>
    [...trees.values()].map((tree) => lookup(tree, key)).filter((value): value is string => value !== null);
  const ageCheckWords = { yes: wordsOf('bulk.template.yes'), no: wordsOf('bulk.template.no') };

  return { textsOf, aliases, ageCheckWords };
}
