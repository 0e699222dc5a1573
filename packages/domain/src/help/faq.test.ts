import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import ur from '../../locales/ur_alt.json';
import { MAX_ITEM_WEIGHT_KG } from '../constants.ts';
import { FEE_FORMULAS } from '../money.ts';
import { CANCELLATION_RULE } from '../orders/cancellation-rule.ts';
import { FAQ, faqArticles, searchFaq } from './faq.ts';

describe('FAQ data', () => {
  it('has the same articles in English and Urdu for Pakistan', () => {
    const ids = (language: string) => faqArticles('PK', language).map((a) => a.id);
    expect(ids('en').length).toBeGreaterThan(3);
    expect(ids('ur_alt')).toEqual(ids('en'));
  });

  it('states the deployment weight limit and the Pakistan fee formula (spec §9)', () => {
    for (const language of ['en', 'ur_alt']) {
      const text = faqArticles('PK', language)
        .map((a) => a.answer)
        .join(' ');
      expect(text).toContain(`${MAX_ITEM_WEIGHT_KG} `);
      expect(text).toContain(`${FEE_FORMULAS.PK.base} PKR`);
      expect(text).toContain(`${FEE_FORMULAS.PK.perKm} PKR`);
    }
    expect(FEE_FORMULAS.PK.base).toBe(65);
    expect(MAX_ITEM_WEIGHT_KG).toBe(5);
  });

  it('states the cancellation rule exactly as the terms do, in both languages', () => {
    const terms = { en: en.terms.cancellation.body, ur_alt: ur.terms.cancellation.body };
    for (const language of ['en', 'ur_alt'] as const) {
      expect(terms[language]).toBe(CANCELLATION_RULE[language]);
      const answer = faqArticles('PK', language).find((article) => article.id === 'cancel-order')?.answer;
      expect(answer).toContain(CANCELLATION_RULE[language]);
    }
    // spec §4: an edit makes an order MODIFIED, which stays cancellable after a rider accepted it.
    expect(CANCELLATION_RULE.en).toMatch(/After you edit an order, you can cancel it again/);
  });

  it('falls back to the country first language, and to nothing for an unknown country', () => {
    expect(faqArticles('PK', 'fr')).toBe(FAQ.PK?.en);
    expect(faqArticles('ZZ', 'en')).toEqual([]);
  });
});

describe('searchFaq', () => {
  const articles = faqArticles('PK', 'en');

  it('finds articles containing every word, questions first', () => {
    const found = searchFaq(articles, '  PROHIBITED   items ');
    expect(found[0]?.id).toBe('prohibited-items');
    expect(searchFaq(articles, 'cancel').map((a) => a.id)).toEqual(['cancel-order']);
  });

  it('answers everything for an empty query and nothing for a missing word', () => {
    expect(searchFaq(articles, '   ')).toHaveLength(articles.length);
    expect(searchFaq(articles, 'cancel zebra')).toEqual([]);
  });

  it('searches Urdu text', () => {
    expect(searchFaq(faqArticles('PK', 'ur_alt'), 'ممنوع').map((a) => a.id)).toContain('prohibited-items');
  });
});
