import en from '@riderdesk/domain/locales/console/en.json';
import ur from '@riderdesk/domain/locales/console/ur_alt.json';
import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };

const keysOf = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );

/** The console's own catalogues (decision 171): every text in both languages, with the same placeholders. */
describe('the console catalogues', () => {
  it('have the same keys in English and Urdu', () => {
    expect(keysOf(ur as Tree).sort()).toEqual(keysOf(en as Tree).sort());
  });

  it('keep every placeholder in both languages', () => {
    const text = (tree: Tree, key: string) =>
      key.split('.').reduce<Tree | string>((node, part) => (node as Tree)[part] as Tree | string, tree) as string;
    for (const key of keysOf(en as Tree)) {
      const placeholders = (value: string) => [...value.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
      expect(placeholders(text(ur as Tree, key)), key).toEqual(placeholders(text(en as Tree, key)));
    }
  });
});
