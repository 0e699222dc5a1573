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
    expect(ids('en').length).toBeGreaterThanOrEqual(15);
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
    expect(searchFaq(articles, 'cancel')[0]?.id).toBe('cancel-order');
  });

  it('answers everything for an empty query and nothing for a missing word', () => {
    expect(searchFaq(articles, '   ')).toHaveLength(articles.length);
    expect(searchFaq(articles, 'cancel zebra')).toEqual([]);
  });

  it('finds the refund article by a word of its body, in English and in Urdu', () => {
    // Its question says "refunds"; "refunded" and "automatically" are only in its answer.
    expect(searchFaq(articles, 'refund')[0]?.id).toBe('card-payments-refunds');
    expect(searchFaq(articles, 'refunded automatically').map((a) => a.id)).toEqual(['card-payments-refunds']);
    const urdu = faqArticles('PK', 'ur_alt');
    expect(searchFaq(urdu, 'ریفنڈ')[0]?.id).toBe('card-payments-refunds');
    expect(searchFaq(urdu, 'refund')[0]?.id).toBe('card-payments-refunds');
    // "خود بخود" (automatically) is only in the Urdu answer.
    expect(searchFaq(urdu, 'خود بخود').map((a) => a.id)).toContain('card-payments-refunds');
  });

  it('covers the product: every journey of the portal has an article', () => {
    const ids = articles.map((a) => a.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        'request-a-rider',
        'schedule-order',
        'edit-order',
        'cancel-order',
        'card-payments-refunds',
        'cash-on-delivery',
        'vouchers',
        'collection-points',
        'bulk-orders',
        'exports-statements',
        'tracking-link',
        'guest-orders',
        'account-and-team',
        'service-hours-areas',
      ]),
    );
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('searches Urdu text', () => {
    expect(searchFaq(faqArticles('PK', 'ur_alt'), 'ممنوع').map((a) => a.id)).toContain('prohibited-items');
  });
});
