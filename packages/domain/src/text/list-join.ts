import { languageTag } from '../config.ts';

/** Languages written in Arabic script, whose comma is the Arabic comma (U+060C) rather than the Latin one. */
const ARABIC_COMMA_LANGUAGES: readonly string[] = ['ur', 'ar', 'fa'];

/** The comma and space that separate the items of a list in a language: '، ' in Urdu, ', ' in English. */
export function listSeparator(language: string): string {
  return ARABIC_COMMA_LANGUAGES.includes(languageTag(language).toLowerCase()) ? '\u060c ' : ', ';
}

/**
 * Parts shown to a reader joined with that language's comma, blanks dropped (an address's unit, building and
 * street; a day's name and date). Text sent to the API keeps the Latin comma its contract names.
 */
export function joinForReader(parts: readonly (string | null | undefined)[], language: string): string {
  return parts
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(listSeparator(language));
}
