import { AUDIT_ACTIONS } from '@riderdesk/domain/console/audit';
import consoleEn from '@riderdesk/domain/locales/console/en.json' with { type: 'json' };
import consoleUr from '@riderdesk/domain/locales/console/ur_alt.json' with { type: 'json' };
import en from '@riderdesk/domain/locales/en.json' with { type: 'json' };
import ur from '@riderdesk/domain/locales/ur_alt.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { serverErrorCatalogue } from './support/error-catalogue.ts';

type Tree = { [key: string]: string | Tree };

function text(tree: Tree, key: string): string | undefined {
  const found = key
    .split('.')
    .reduce<string | Tree | undefined>(
      (node, part) => (node && typeof node === 'object' ? node[part] : undefined),
      tree,
    );
  return typeof found === 'string' ? found : undefined;
}

/** spec §7/§8: a refusal reaches the user as a sentence in their language, never as the server's key. */
describe('the server error catalogue', () => {
  const catalogue = serverErrorCatalogue();

  it('names the keys the server answers', () => {
    for (const key of [
      'validation.vat-number',
      'error.order.not-found',
      'validation.invalid_type',
      'error.rider.busy',
    ]) {
      expect(catalogue.has(key), key).toBe(true);
    }
  });

  it('has an English and an Urdu text for every key', () => {
    // The operator console's keys are in its own catalogues (decision 171), which merchants never download.
    const isMissing = (key: string) =>
      key.startsWith('console.')
        ? !text(consoleEn as Tree, key) || !text(consoleUr as Tree, key)
        : !text(en as Tree, key) || !text(ur as Tree, key);
    const missing = [...catalogue].filter(([key]) => isMissing(key)).map(([key, file]) => `${key} (${file})`);
    expect(missing).toEqual([]);
  });

  it('names every audit action of the console in both languages', () => {
    const missing = AUDIT_ACTIONS.map((action) => `console.audit.action.${action}`).filter(
      (key) => !text(consoleEn as Tree, key) || !text(consoleUr as Tree, key),
    );
    expect(missing).toEqual([]);
  });

  it('keeps the console texts out of the merchant catalogues', () => {
    expect(Object.keys(en)).not.toContain('console');
    expect(Object.keys(ur)).not.toContain('console');
  });
});
