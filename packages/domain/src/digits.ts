// Urdu keyboards type Extended Arabic-Indic digits (۰–۹, U+06F0), Arabic ones Arabic-Indic digits (٠–٩, U+0660).
const DIGIT_BLOCKS = [0x0660, 0x06f0] as const;
const NON_LATIN_DIGIT = /[\u0660-\u0669\u06f0-\u06f9\u066b\u066c]/g;

/**
 * Text with every Arabic-Indic and Extended Arabic-Indic digit written as its Latin digit, the Arabic decimal
 * separator (٫) as '.' and the Arabic thousands separator (٬) as ','; everything else is kept as it is. Every
 * number a person types is read through it, so '۱۵۰۰' is 1500 wherever it is typed.
 */
export function latinDigits(text: string): string {
  return text.replace(NON_LATIN_DIGIT, (char) => {
    if (char === '\u066b') return '.';
    if (char === '\u066c') return ',';
    const code = char.charCodeAt(0);
    const block = DIGIT_BLOCKS.find((start) => code >= start && code <= start + 9) ?? 0;
    return String(code - block);
  });
}
