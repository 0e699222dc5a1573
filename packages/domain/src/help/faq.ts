// spec §3 "FAQ data": question/answer pages keyed by country code then language (the articles of a country live
// in a file of their own, faq-pk.ts).
import type { FaqArticle } from './faq-article.ts';
import { FAQ_PK_EN, FAQ_PK_UR } from './faq-pk.ts';

export type { FaqArticle };

export type FaqData = Record<string, Record<string, readonly FaqArticle[]>>;

export const FAQ: FaqData = {
  PK: { en: FAQ_PK_EN, ur_alt: FAQ_PK_UR },
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
 * Articles whose question, answer or keywords contain every word of the query (any case, accents ignored);
 * question matches first. An empty query answers all articles.
 */
export function searchFaq(articles: readonly FaqArticle[], query: string): FaqArticle[] {
  const words = fold(query).split(' ').filter(Boolean);
  if (words.length === 0) return [...articles];
  const scored: { article: FaqArticle; score: number }[] = [];
  for (const article of articles) {
    const question = fold(article.question);
    const text = `${question} ${fold(article.answer)} ${fold(article.keywords ?? '')}`;
    if (!words.every((word) => text.includes(word))) continue;
    scored.push({ article, score: words.filter((word) => question.includes(word)).length });
  }
  return scored.sort((a, b) => b.score - a.score).map((entry) => entry.article);
}
