// spec §3 "FAQ data": question/answer pages keyed by country code then language. The figures come from
// the same constants the product charges and checks by (spec §9), so an article never disagrees with them.
import { MAX_ITEM_WEIGHT_KG } from '../constants.ts';
import { FEE_FORMULAS } from '../money.ts';
import { CANCELLATION_RULE } from '../orders/cancellation-rule.ts';

export interface FaqArticle {
  id: string;
  question: string;
  answer: string;
}

export type FaqData = Record<string, Record<string, readonly FaqArticle[]>>;

const pk = FEE_FORMULAS.PK;

/** The prohibited items of the prohibited-items page, as the FAQ states them. */
export const PROHIBITED_ITEMS = {
  en: [
    'weapons and replicas',
    'drugs and medicines on prescription',
    'flammable or explosive goods',
    'alcohol',
    'cash and valuables',
    'live animals',
    `items heavier than ${MAX_ITEM_WEIGHT_KG} kg`,
    'anything illegal',
  ],
  ur_alt: [
    'ہتھیار اور ان کی نقلیں',
    'منشیات اور نسخے والی دوائیں',
    'آتش گیر یا دھماکہ خیز اشیاء',
    'شراب',
    'نقدی اور قیمتی اشیاء',
    'زندہ جانور',
    `${MAX_ITEM_WEIGHT_KG} کلو سے زیادہ وزنی اشیاء`,
    'کوئی بھی غیر قانونی چیز',
  ],
} as const;

export const FAQ: FaqData = {
  PK: {
    en: [
      {
        id: 'what-can-i-send',
        question: 'What can I send with a rider?',
        answer: `Any item that is not restricted, fits the delivery bag and weighs at most ${MAX_ITEM_WEIGHT_KG} kg: food, groceries, documents and parcels.`,
      },
      {
        id: 'prohibited-items',
        question: 'Which items are prohibited?',
        answer: `Riders do not carry: ${PROHIBITED_ITEMS.en.join(', ')}.`,
      },
      {
        id: 'delivery-fee',
        question: 'How much does a delivery cost?',
        answer: `The delivery fee is a base of ${pk.base} ${pk.currency} plus ${pk.perKm} ${pk.currency} per kilometre by road. The exact fee is shown before you request the rider.`,
      },
      {
        id: 'cancel-order',
        question: 'How do I cancel an order?',
        answer: `Open the order in Tracking and choose Cancel rider, then give a reason. ${CANCELLATION_RULE.en}`,
      },
      {
        id: 'rider-late',
        question: 'My rider is late. What can I do?',
        answer:
          'Follow the rider on the map in Tracking. If the order is delayed, contact support about that order from this help centre.',
      },
      {
        id: 'bulk-orders',
        question: 'Can I request many riders at once?',
        answer:
          'Yes: download the template on the Bulk order page, fill in one order per row and upload the file (XLSX, at most 5 MB).',
      },
    ],
    ur_alt: [
      {
        id: 'what-can-i-send',
        question: 'میں رائیڈر کے ذریعے کیا بھیج سکتا ہوں؟',
        answer: `کوئی بھی غیر ممنوعہ چیز جو ڈیلیوری بیگ میں آ جائے اور جس کا وزن زیادہ سے زیادہ ${MAX_ITEM_WEIGHT_KG} کلو ہو: کھانا، گروسری، دستاویزات اور پارسل۔`,
      },
      {
        id: 'prohibited-items',
        question: 'کون سی اشیاء ممنوع ہیں؟',
        answer: `رائیڈر یہ چیزیں نہیں لے جاتے: ${PROHIBITED_ITEMS.ur_alt.join('، ')}۔`,
      },
      {
        id: 'delivery-fee',
        question: 'ڈیلیوری کی قیمت کتنی ہے؟',
        answer: `ڈیلیوری فیس ${pk.base} ${pk.currency} بنیادی رقم اور سڑک کے ہر کلومیٹر کے ${pk.perKm} ${pk.currency} ہے۔ رائیڈر منگوانے سے پہلے درست فیس دکھائی جاتی ہے۔`,
      },
      {
        id: 'cancel-order',
        question: 'میں آرڈر کیسے منسوخ کروں؟',
        answer: `ٹریکنگ میں آرڈر کھولیں، رائیڈر منسوخ کریں چنیں اور وجہ بتائیں۔ ${CANCELLATION_RULE.ur_alt}`,
      },
      {
        id: 'rider-late',
        question: 'میرا رائیڈر دیر سے ہے۔ میں کیا کروں؟',
        answer:
          'ٹریکنگ میں نقشے پر رائیڈر کو دیکھیں۔ اگر آرڈر میں تاخیر ہو تو اسی ہیلپ سینٹر سے اس آرڈر کے بارے میں سپورٹ سے رابطہ کریں۔',
      },
      {
        id: 'bulk-orders',
        question: 'کیا میں ایک ساتھ کئی رائیڈر منگوا سکتا ہوں؟',
        answer:
          'جی ہاں: بلک آرڈر صفحے سے ٹیمپلیٹ ڈاؤن لوڈ کریں، ہر قطار میں ایک آرڈر لکھیں اور فائل اپ لوڈ کریں (XLSX، زیادہ سے زیادہ 5 MB)۔',
      },
    ],
  },
};

/** A country's articles in a language, else in its first language, else none. */
export function faqArticles(country: string, language: string, data: FaqData = FAQ): readonly FaqArticle[] {
  const byLanguage = data[country];
  if (!byLanguage) return [];
  return byLanguage[language] ?? Object.values(byLanguage)[0] ?? [];
}

const fold = (text: string) =>
  text.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase().replace(/\s+/g, ' ').trim();

/**
 * Articles whose question or answer contains every word of the query (any case, accents ignored);
 * question matches first. An empty query answers all articles.
 */
export function searchFaq(articles: readonly FaqArticle[], query: string): FaqArticle[] {
  const words = fold(query).split(' ').filter(Boolean);
  if (words.length === 0) return [...articles];
  const scored: { article: FaqArticle; score: number }[] = [];
  for (const article of articles) {
    const question = fold(article.question);
    const text = `${question} ${fold(article.answer)}`;
    if (!words.every((word) => text.includes(word))) continue;
    scored.push({ article, score: words.filter((word) => question.includes(word)).length });
  }
  return scored.sort((a, b) => b.score - a.score).map((entry) => entry.article);
}
