import { COUNTRY_CODES } from '@riderdesk/domain/config';
import { AUTH_ERROR_CODES } from '@riderdesk/domain/contracts/auth';
import en from '@riderdesk/domain/locales/en.json';
import ur from '@riderdesk/domain/locales/ur_alt.json';
import { STATUS_LABEL_KEYS } from '@riderdesk/domain/order-status';
import { PASSWORD_RULES } from '@riderdesk/domain/validation/password';
import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const english = flatten(en as Tree);
const urdu = flatten(ur as Tree);
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('translation catalogues', () => {
  it('Urdu has exactly the English keys', () => {
    expect([...urdu.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it('Urdu is actually translated and keeps every placeholder', () => {
    for (const [key, text] of english) {
      const translated = urdu.get(key) ?? '';
      expect(placeholders(translated), key).toEqual(placeholders(text));
      if (/[A-Za-z]{4,}/.test(text.replace(/\{\{\w+\}\}/g, '')) && !/^(API|VAT|XLSX)$/.test(text)) {
        expect(translated, key).toMatch(/[\u0600-\u06FF]/);
      }
    }
  });

  it('says "collection point" with one Urdu term everywhere', () => {
    for (const [key, text] of english) {
      if (/collection point/i.test(text)) expect(urdu.get(key), key).toContain('کلیکشن پوائنٹ');
    }
    expect([...urdu.values()].filter((text) => text.includes('وصولی کا مقام'))).toEqual([]);
  });

  it('covers the spec §8 login codes, the status labels, the password rules and the country names', () => {
    for (const code of AUTH_ERROR_CODES) expect(english.has(`auth.${code}`), code).toBe(true);
    for (const key of Object.values(STATUS_LABEL_KEYS)) expect(english.has(key), key).toBe(true);
    for (const rule of PASSWORD_RULES) expect(english.has(rule), rule).toBe(true);
    for (const code of COUNTRY_CODES) expect(english.has(`country.${code}`), code).toBe(true);
    expect(english.get('error.offline')).toBe('Something went wrong. Please try again. You could be offline.');
    expect(english.get('auth.disconnected')).toBe('You are now disconnected.');
    expect(english.get('register.error.generic')).toBe('We were unable to create an account.');
  });
});
