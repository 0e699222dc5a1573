import { describe, expect, it, vi } from 'vitest';
import { COUNTRIES, languageName, languageTag } from './config.ts';

describe('languageName (spec §2 language selector)', () => {
  it('names each language in itself', () => {
    expect(languageName('en')).toBe('English');
    expect(languageName('ur_alt')).toBe('اردو');
    expect(languageName('th')).toBe('ไทย');
    expect(languageName('ms')).toBe('Melayu');
  });

  it('maps product codes to language tags', () => {
    expect(languageTag('ur_alt')).toBe('ur');
    expect(languageTag('zh_HK')).toBe('zh');
  });

  it('falls back to the shipped name or the code for what the platform cannot name', () => {
    expect(languageName('not a tag!')).toBe('not a tag!');
    // A name inherited by every object is not a shipped language.
    expect(languageName('constructor')).toBe('constructor');
  });

  it('gives the same name again without asking the platform', () => {
    const first = languageName('th');
    const displayNames = vi.spyOn(Intl, 'DisplayNames');
    expect(languageName('th')).toBe(first);
    expect(languageName('en')).toBe('English');
    expect(displayNames).not.toHaveBeenCalled();
    displayNames.mockRestore();
  });

  it("offers only the country's languages: Pakistan's are English and Urdu", () => {
    expect(COUNTRIES.PK.languages.map(languageName)).toEqual(['English', 'اردو']);
  });
});
