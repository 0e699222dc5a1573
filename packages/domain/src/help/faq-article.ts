/** One help centre article (spec §3 "FAQ data"). */
export interface FaqArticle {
  id: string;
  question: string;
  answer: string;
  /** Words a merchant may search the article by that its text does not use (other names, English terms in Urdu). */
  keywords?: string;
}
